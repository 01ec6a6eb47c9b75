import { useMemo } from 'react';
import type { ToolSpec } from '@wanxiang/contract';
import { BindPhoneDialog } from '../features/account/bind-phone/BindPhoneDialog';
import { GateDialogs } from '../features/chat/gates/GateDialogs';
import { useGateHost } from '../features/chat/gates/gate-store';
import { ChatToolContext, type ChatToolApi } from '../features/chat/toolbar/chat-tool-context';
import { pointsModel, toolAsPointsModel } from './PointsSwitch';

/**
 * The membership dialogs (count, tier, points) and the phone-binding dialog on a tool page: the
 * chat's own components, opened by openGateRefusal. They read the chat tool context for the
 * points offer: a task tool with a points price stands in as an allow_points model, so counts
 * running out offer 开启积分抵扣 (the form's PointsSwitch); other tools name no model.
 */
export function ToolGates({ tool, price, fallback = false }: { tool?: ToolSpec; price?: { key: string; points: number }; fallback?: boolean }) {
  // The app-wide fallback host (FallbackGates) is not a page host: it shows only while none is mounted.
  useGateHost(!fallback);
  const key = price?.key;
  const points = price?.points ?? 0;
  const model = useMemo(() => (tool ? toolAsPointsModel(tool) : key ? pointsModel(key, points) : undefined), [tool, key, points]);
  const api = useMemo<ChatToolApi>(
    () => ({ modelKey: model?.key ?? '', model, mobile: false, sending: false, fillInput: () => undefined, send: () => false }),
    [model],
  );
  return (
    <ChatToolContext.Provider value={api}>
      <GateDialogs />
      <BindPhoneDialog />
    </ChatToolContext.Provider>
  );
}
