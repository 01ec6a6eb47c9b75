import type { AppContext } from '../../../../context';
import { catalogFile } from '../../../../catalog';
import { createVideoBackend, loadVideosFile, VIDEO_STATE, type VideoBackend } from '../../../../infra/video';
import { liveBackendOf } from '../../../../infra/vendor-settings/live';

/**
 * The app's video backend (per app: tests put their own under VIDEO_STATE), rebuilt when the console saves a vendor's
 * key or base URL (infra/vendor-settings/live.ts), each vendor request recorded for the console's numbers.
 */
export function videoOf(ctx: Pick<AppContext, 'config' | 'moduleStates' | 'llm'>): VideoBackend {
  return ctx.moduleStates.get(VIDEO_STATE, () =>
    liveBackendOf(ctx, (c, calls) =>
      createVideoBackend(c, loadVideosFile(catalogFile(c.catalogDir, 'videos.json')), {
        demo: ctx.llm.demo,
        http: { fetch, timeoutMs: 120_000 },
        ...(calls ? { calls } : {}),
      }),
    ),
  );
}
