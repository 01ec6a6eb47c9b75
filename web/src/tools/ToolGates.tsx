import { useMemo } from 'react';
import { BindPhoneDialog } from '../features/account/bind-phone/BindPhoneDialog';
import { GateDialogs } from '../features/chat/gates/GateDialogs';
import { ChatToolContext, type ChatToolApi } from '../features/chat/toolbar/chat-tool-context';

/**
 * The membership dialogs (count, tier, points) and the phone-binding dialog on a tool page: the
 * chat's own components, opened by openGateRefusal. They read the chat tool context for the
 * points offer; a tool is not a chat model, so the context names none (no points switch offered).
 */
export function ToolGates() {
  const api = useMemo<ChatToolApi>(
    () => ({ modelKey: '', model: undefined, mobile: false, sending: false, fillInput: () => undefined, send: () => false }),
    [],
  );
  return (
    <ChatToolContext.Provider value={api}>
      <GateDialogs />
      <BindPhoneDialog />
    </ChatToolContext.Provider>
  );
}
