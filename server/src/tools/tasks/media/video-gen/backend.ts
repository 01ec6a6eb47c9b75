import type { AppContext } from '../../../../context';
import { catalogFile } from '../../../../catalog';
import { createVideoBackend, loadVideosFile, VIDEO_STATE, type VideoBackend } from '../../../../infra/video';

/** The app's video backend (per app: tests put their own under VIDEO_STATE). */
export function videoOf(ctx: Pick<AppContext, 'config' | 'moduleStates' | 'llm'>): VideoBackend {
  return ctx.moduleStates.get(VIDEO_STATE, () =>
    createVideoBackend(ctx.config, loadVideosFile(catalogFile(ctx.config.catalogDir, 'videos.json')), {
      demo: ctx.llm.demo,
      http: { fetch, timeoutMs: 120_000 },
    }),
  );
}
