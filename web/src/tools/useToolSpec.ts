import { useEffect, useMemo } from 'react';
import type { ToolSettings, ToolSpec } from '@wanxiang/contract';
import { useToolSettings } from '../stores/tool-settings';

/** A bundled tool with the operator's settings over it: the points and quota key in force, and whether it is switched off. */
export function withSettings(tool: ToolSpec, settings: ToolSettings | undefined): { tool: ToolSpec; disabled: boolean } {
  if (!settings) return { tool, disabled: false };
  const changed = settings.points !== tool.points || settings.quotaKey !== tool.quotaKey;
  return { tool: changed ? { ...tool, points: settings.points, quotaKey: settings.quotaKey } : tool, disabled: !settings.enabled };
}

/**
 * Reads the operator's tool settings when a page showing tools opens and when the window comes back into focus (the
 * store reads at most once a minute and shares a read in flight, so a grid of many cards costs one request).
 */
export function useToolSettingsRefresh(): void {
  useEffect(() => {
    const refresh = () => void useToolSettings.getState().refresh();
    refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, []);
}

/** withSettings for a tool page: reads the settings when the page opens and when the window comes back into focus. */
export function useToolSpec(tool: ToolSpec): { tool: ToolSpec; disabled: boolean } {
  const settings = useToolSettings((s) => s.tools[tool.id]);
  useToolSettingsRefresh();
  // One object per settings change: effects and callbacks keyed on the tool do not run again on every render.
  return useMemo(() => withSettings(tool, settings), [tool, settings]);
}
