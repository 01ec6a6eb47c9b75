import type { FastifyInstance } from 'fastify';
import { ArxivListQuerySchema, ArxivSearchQuerySchema, ok, ScholarDocSchema, ScholarSearchQuerySchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { checkDocument } from './documents';
import { streamDownload } from './download';
import { streamReading } from './reading';
import { createScholarSources, listArxivDigest, searchArxiv, searchScholar } from './service';

/** Document checks per user per minute (a results page checks each of its links once). */
export const CHECKS_PER_MINUTE = 120;

/**
 * Scholar and arXiv (docs/product/search.md §2, §7): searches (login required; a new search,
 * page 1, charges resource_learning_search), the arXiv digest (browsing, open to visitors), the
 * per-result document check, AI解读 and 翻译 streams, and the document download.
 */
export async function registerScholarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const sources = createScholarSources(ctx.config.scholar);

  app.get('/v1/search/scholar', async (req) => {
    const user = requireUser(req);
    return ok(await searchScholar(ctx, sources, user, parse(ScholarSearchQuerySchema, req.query)));
  });

  app.get('/v1/search/arxiv', async (req) => {
    const user = requireUser(req);
    return ok(await searchArxiv(ctx, sources, user, parse(ArxivSearchQuerySchema, req.query)));
  });

  app.get('/v1/search/arxiv/list', async (req) => {
    return ok(await listArxivDigest(sources, parse(ArxivListQuerySchema, req.query)));
  });

  app.post('/v1/search/scholar/check', async (req) => {
    const user = requireUser(req);
    const { url } = parse(ScholarDocSchema, req.body);
    // Each check is an outbound request to a user-supplied host: a page of results needs ~10.
    await enforce(ctx.kv, `scholar:check:${user.id}`, 60, CHECKS_PER_MINUTE);
    return ok(await checkDocument(ctx.safeFetch, url));
  });

  app.post('/v1/search/scholar/interpret', (req, reply) => streamReading(ctx, 'interpret', req, reply));
  app.post('/v1/search/scholar/translate', (req, reply) => streamReading(ctx, 'translate', req, reply));
  app.get('/v1/search/scholar/download', (req, reply) => streamDownload(ctx, req, reply));
}
