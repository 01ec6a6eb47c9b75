import type { FastifyInstance } from 'fastify';
import { CorrectionReqSchema, ok, THESIS_MSG, ThesisOutlineReqSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { refused } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { serveStream } from '../../streaming/serve';
import { correctText, pickThesisModel, thesisOutlineJob } from './service';

/** Outlines per user per minute (each is a model call, not metered). */
export const THESIS_OUTLINES_PER_MINUTE = 20;
export const CORRECTIONS_PER_MINUTE = 20;

/**
 * Long documents and text checking (docs/product/creation.md "AI论文与长文写作"), login required:
 *   POST /api/v1/thesis/outline {title, field?, type?, length?, language?}  outline markdown, streamed
 *   POST /api/v1/doc/correct {text, mode?: check|correction}                 {corrections, demo}
 * The document itself is the task tool thesisDocx (POST /api/v1/tools/thesisDocx/run).
 */
export async function registerThesisRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/thesis/outline', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(ThesisOutlineReqSchema, req.body);
    await enforce(ctx.kv, `thesis:outline:${user.id}`, 60, THESIS_OUTLINES_PER_MINUTE);
    const model = pickThesisModel(ctx);
    if (!model) throw refused(THESIS_MSG.noModel);
    await serveStream(ctx, { userId: user.id }, reply, req.log, async () => thesisOutlineJob(ctx, model, body));
    return reply;
  });

  app.post('/v1/doc/correct', async (req) => {
    const user = requireUser(req);
    const body = parse(CorrectionReqSchema, req.body);
    await enforce(ctx.kv, `doc:correct:${user.id}`, 60, CORRECTIONS_PER_MINUTE);
    return ok(await correctText(ctx, user, body));
  });
}
