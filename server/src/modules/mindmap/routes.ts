import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MindMapGenerateSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { reserveQuota } from '../quota/service';
import { serveStream } from '../../streaming/serve';
import { mindMapJob, mindMapModel } from './service';

/**
 * POST /api/v1/mindmap/generate {content, title?} (login required; 2.8, 4.5, 7.5): a mind map
 * outline streamed as markdown (chat stream events meta, text, error, done). One doc_mindmap count
 * is held before the upstream call, charged when the outline delivered text, given back otherwise.
 */
export async function registerMindMapRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/mindmap/generate', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(MindMapGenerateSchema, req.body);
    const model = mindMapModel(ctx);
    const id = randomUUID();
    await serveStream(ctx, { userId: user.id }, reply, req.log, async () => {
      // A refusal (次数已用尽) answers the JSON envelope before any stream starts.
      const hold = await reserveQuota(ctx, user, { quotaKey: 'doc_mindmap', blockedVips: [] }, `mindmap:${id}`);
      return mindMapJob(ctx, { id, model, hold, content: body.content, title: body.title });
    });
  });
}
