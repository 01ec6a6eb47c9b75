import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, PageUrlSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { readPageText } from './service';

/** Page reads per user per minute: each one makes the server fetch a remote page. */
export const PAGE_READS_PER_MINUTE = 20;

/**
 * Web page text for web import. The spec names two calls for the same job: the POST with a
 * JSON body and the GET with a query string; both answer PageTextRes.
 */
export async function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const readPage = async (req: FastifyRequest, input: unknown) => {
    const user = requireUser(req);
    await enforce(ctx.kv, `media:page:${user.id}`, 60, PAGE_READS_PER_MINUTE);
    const { url } = parse(PageUrlSchema, input);
    return ok(await readPageText(ctx, url));
  };

  app.post('/v1/media/yfoo.html', (req) => readPage(req, req.body));
  app.get('/media/gethtml', (req) => readPage(req, req.query));
}
