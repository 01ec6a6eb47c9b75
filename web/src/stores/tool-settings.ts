import { create } from 'zustand';
import type { ToolOverridesRes, ToolSettings } from '@wanxiang/contract';
import { get } from '../api/request';

/**
 * The tool settings the operator changed in the console (tools.json over the bundled registry: on/off, points, quota
 * key), from GET /api/v1/tools/overrides. Read once when a tool page opens and again at most once a minute (a page
 * coming back into focus), so prices shown match what the server charges. A failed read keeps what was there: the
 * server refuses a switched-off tool and charges its own price anyway.
 */
export const TOOL_SETTINGS_TTL_MS = 60_000;

export interface ToolSettingsState {
  tools: Record<string, ToolSettings>;
  loadedAt: number;
  refresh(now?: number): Promise<void>;
}

let inFlight: Promise<void> | null = null;

export const useToolSettings = create<ToolSettingsState>((set, getState) => ({
  tools: {},
  loadedAt: 0,
  refresh(now = Date.now()) {
    if (now - getState().loadedAt < TOOL_SETTINGS_TTL_MS) return Promise.resolve();
    inFlight ??= get<ToolOverridesRes>('/v1/tools/overrides', undefined, { silent: true })
      .then((res) => set({ tools: res.tools ?? {}, loadedAt: Date.now() }))
      .catch(() => set({ loadedAt: Date.now() }))
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
}));
