import type { FastifyInstance } from 'fastify';
import { ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { submitVideoCall, videoCount, videoTaskStatus, videoWav } from './service';
import { deepDanbooru, deepDanbooruModel } from './tags';

/**
 * The spec's video calls (search-agents-tools 7.6 Video; docs/api.md "Video"), login required:
 *   POST /v1/video/process_video and /v1/video/create {prompt, image?, duration?, ratio?, style?, audio?, usePoints?}  {id, task_id}
 *   POST /v1/video/query {id}          the caller's own video task: status, progress, video_url, cover_url
 *   POST /v1/video/get_wav {id}        the sound track of the caller's finished video as audio/wav
 *   POST /v1/video/count               today's ai_video counts left and the points price
 *   POST /v1/video/deep_danbooru {image}  picture tags for a prompt (the vision model; 演示 in demo mode)
 *   GET  /v1/video/deep_danbooru_model    which model answers deep_danbooru
 */
export async function registerVideoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const call of ['process_video', 'create']) {
    app.post(`/v1/video/${call}`, async (req) => ok(await submitVideoCall(ctx, requireUser(req), req.body)));
  }
  const idOf = (req: { body: unknown; query: unknown }) =>
    ((req.body ?? {}) as { id?: unknown; task_id?: unknown }).id ??
    ((req.body ?? {}) as { task_id?: unknown }).task_id ??
    (req.query as { id?: unknown }).id;
  app.post('/v1/video/query', async (req, reply) =>
    reply.header('cache-control', 'no-store').send(ok(await videoTaskStatus(ctx, requireUser(req), idOf(req)))),
  );
  app.post('/v1/video/get_wav', async (req, reply) => {
    const { name, wav } = await videoWav(ctx, requireUser(req), idOf(req));
    return reply
      .header('content-type', 'audio/wav')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      .send(wav);
  });
  app.post('/v1/video/count', async (req, reply) =>
    reply.header('cache-control', 'no-store').send(ok(await videoCount(ctx, requireUser(req)))),
  );
  app.post('/v1/video/deep_danbooru', async (req) =>
    ok(await deepDanbooru(ctx, requireUser(req), ((req.body ?? {}) as { image?: unknown }).image)),
  );
  app.get('/v1/video/deep_danbooru_model', async (req) => {
    requireUser(req);
    return ok(deepDanbooruModel(ctx));
  });
}
