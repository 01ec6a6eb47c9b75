import { useEffect } from 'react';
import { Switch } from 'antd';
import { MSG, type ModelEntry, type ToolSpec } from '@wanxiang/contract';
import { useChatExtras } from '../stores/chat-extras';
import { useUserStore } from '../stores/user';
import styles from './tools.module.css';

/** A task tool with a quota key and a points price lets the user pay a run with points instead (开启积分抵扣). */
export function toolTakesPoints(tool: ToolSpec): boolean {
  return tool.kind === 'task' && tool.points > 0 && tool.quotaKey !== '';
}

/**
 * The tool as the membership dialogs see a chat model (they read allow_points and consume_points
 * to offer 开启积分抵扣 when counts run out); undefined for tools without a points price.
 */
export function toolAsPointsModel(tool: ToolSpec): ModelEntry | undefined {
  if (!toolTakesPoints(tool)) return undefined;
  // Only the points facts are read (gate-rules' showsPointsToggle); a tool has no other model field.
  return { key: tool.id, allow_points: true, only_points: false, consume_points: tool.points } as ModelEntry;
}

/**
 * 开启积分抵扣 on a task tool's form: the same choice as the chat's points toggle, kept in the same
 * store (the count dialog's 开启积分抵扣 button switches it on), and back to counts whenever the
 * tool page opens or closes so a choice never follows the user to another tool or the chat.
 */
export function PointsSwitch({ tool }: { tool: ToolSpec }) {
  const usePoints = useChatExtras((s) => s.usePoints);
  const setUsePoints = useChatExtras((s) => s.setUsePoints);
  const points = useUserStore((s) => s.user?.points);
  useEffect(() => {
    useChatExtras.getState().setUsePoints(false);
    return () => useChatExtras.getState().setUsePoints(false);
  }, [tool.id]);
  if (!toolTakesPoints(tool) || points === undefined) return null;
  return (
    <label className={styles.pointsSwitch} data-testid="tool-points-switch">
      <Switch size="small" checked={usePoints} onChange={setUsePoints} aria-label={MSG.pointsToggleOn} />
      <span>{MSG.pointsToggleOn}</span>
      <span className={styles.pointsHint}>
        {MSG.chatPointsBadge(tool.points)}，{MSG.myPoints(points)}
      </span>
    </label>
  );
}
