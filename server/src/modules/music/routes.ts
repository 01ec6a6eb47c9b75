import type { FastifyInstance } from 'fastify';
import { MUSIC_ACCOMPANY_ID, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { musicModelConfig, musicTaskStatus, submitMusicCall, type MusicCall } from './service';

/**
 * The spec's music calls (search-agents-tools 7.6; docs/api.md "Music"), login required:
 *   POST /v1/music/create {gpt_description_prompt, make_instrumental?, tags?, title?}   {task_id}
 *   POST /v1/music/custom_create {prompt (lyrics), tags, title?, make_instrumental?}   {task_id}
 *   POST /v1/music/accompany_create {prompt, tags?}                                    {task_id}
 *   POST /v1/music/query {task_id}  and  GET /v1/music/accompany_query?task_id=          the caller's own task
 *   GET  /v2/config/model/suno                                                          the backend and options
 */
export async function registerMusicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const call of ['create', 'custom_create', 'accompany_create'] as const satisfies readonly MusicCall[]) {
    app.post(`/v1/music/${call}`, async (req) => ok(await submitMusicCall(ctx, requireUser(req), call, req.body)));
  }
  app.post('/v1/music/query', async (req) => {
    const body = (req.body ?? {}) as { task_id?: unknown };
    return ok(await musicTaskStatus(ctx, requireUser(req), body.task_id));
  });
  app.get('/v1/music/accompany_query', async (req, reply) => {
    const user = requireUser(req);
    const answer = await musicTaskStatus(ctx, user, (req.query as { task_id?: unknown }).task_id, [MUSIC_ACCOMPANY_ID]);
    return reply.header('cache-control', 'no-store').send(ok(answer));
  });
  app.get('/v2/config/model/suno', async (req) => {
    requireUser(req);
    return ok(musicModelConfig(ctx));
  });
}
