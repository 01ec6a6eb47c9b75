import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MindMapGenerateSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { reserveQuota } from '../quota/service';
import { serveStream } from '../../streaming/serve';
import { documentSource } from '../doc-source/source';
import { mindMapJob, mindMapModel } from './service';

/**
 * POST /api/v1/mindmap/generate {content, title?} or {fileId, title?} (login required; 2.8, 4.5, 7.5; a document
 * or transcript by upload id, docs/product/mindmap-and-slides.md §11): a mind map outline streamed as markdown (chat stream events meta, text, error, done). One doc_mindmap count
 * is held before the upstream call, charged when the outline delivered text, given back otherwise.
 */
export async function registerMindMapRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/mindmap/generate', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(MindMapGenerateSchema, req.body);
    const model = mindMapModel(ctx);
    // A document or transcript of the caller's (another user's id: 404), read before anything is held.
    const doc = body.fileId ? await documentSource(ctx, user.id, body.fileId, model) : null;
    const id = randomUUID();
    await serveStream(ctx, { userId: user.id }, reply, req.log, async () => {
      // A refusal (次数已用尽) answers the JSON envelope before any stream starts.
      const hold = await reserveQuota(ctx, user, { quotaKey: 'doc_mindmap', blockedVips: [] }, `mindmap:${id}`);
      if (doc) return mindMapJob(ctx, { id, model, hold, content: doc.content, title: body.title ?? doc.title, fromDocument: true });
      return mindMapJob(ctx, { id, model, hold, content: body.content ?? '', title: body.title });
    });
  });
}
