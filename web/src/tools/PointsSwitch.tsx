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
  return toolTakesPoints(tool) ? pointsModel(tool.id, tool.points) : undefined;
}

/** Any run with a points price (a tool, a page's own task) as such a model. */
export function pointsModel(key: string, points: number): ModelEntry | undefined {
  if (points <= 0) return undefined;
  // Only the points facts are read (gate-rules' showsPointsToggle); a run has no other model field.
  return { key, allow_points: true, only_points: false, consume_points: points } as ModelEntry;
}

/** Whether the next run is to be paid with points (read at submit by the pages that show PointsChoice). */
export function paysWithPoints(): boolean {
  return useChatExtras.getState().usePoints;
}

/**
 * 开启积分抵扣 on a creation page: the same choice as the chat's points toggle, kept in the same
 * store (the count dialog's 开启积分抵扣 button switches it on), and back to counts whenever the
 * page (its `scope`) opens or closes, so a choice never follows the user to another tool or the chat.
 * Shown to logged-in users only, with the price and their balance.
 */
export function PointsChoice({ scope, points }: { scope: string; points: number }) {
  const usePoints = useChatExtras((s) => s.usePoints);
  const setUsePoints = useChatExtras((s) => s.setUsePoints);
  const balance = useUserStore((s) => s.user?.points);
  useEffect(() => {
    useChatExtras.getState().setUsePoints(false);
    return () => useChatExtras.getState().setUsePoints(false);
  }, [scope]);
  if (points <= 0 || balance === undefined) return null;
  return (
    <label className={styles.pointsSwitch} data-testid="tool-points-switch">
      <Switch size="small" checked={usePoints} onChange={setUsePoints} aria-label={MSG.pointsToggleOn} />
      <span>{MSG.pointsToggleOn}</span>
      <span className={styles.pointsHint}>
        {MSG.chatPointsBadge(points)}，{MSG.myPoints(balance)}
      </span>
    </label>
  );
}

/** PointsChoice for a task tool's form (nothing for tools without a points price). */
export function PointsSwitch({ tool }: { tool: ToolSpec }) {
  return <PointsChoice scope={tool.id} points={toolTakesPoints(tool) ? tool.points : 0} />;
}
