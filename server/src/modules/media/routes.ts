import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES, MediaLinkSchema, MSG, ok, PageUrlSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { importHtmlFile, importWebLink, transcribeFile, transcribeLink } from './import';
import { readPageText } from './service';

/** Page reads per user per minute: each one makes the server fetch a remote page. */
export const PAGE_READS_PER_MINUTE = 20;
/** Imports per user per minute: each one downloads a file or calls the speech-to-text service. */
export const IMPORTS_PER_MINUTE = 10;

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

  // Import dialog (docs/product/uploads.md §2): the understood text is saved as an upload and answered with its id.
  const importLimit = (userId: number) => enforce(ctx.kv, `media:import:${userId}`, 60, IMPORTS_PER_MINUTE);
  app.post('/v1/media/mediaLink2txt', async (req) => {
    const user = requireUser(req);
    const body = parse(MediaLinkSchema, req.body);
    await importLimit(user.id);
    return ok(await transcribeLink(ctx, req.log, user, body));
  });
  app.post('/v1/media/webLink2txt', async (req) => {
    const user = requireUser(req);
    const { url } = parse(PageUrlSchema, req.body);
    await importLimit(user.id);
    return ok(await importWebLink(ctx, user, url));
  });
  await app.register(async (scope) => {
    await enableMultipart(scope, IMPORT_MAX_BYTES);
    scope.post('/v1/media/audioFile2txt', async (req) => {
      const user = requireUser(req);
      await importLimit(user.id);
      const file = await readSingleFile(req);
      const type = file.fields.type === 'video' ? 'video' : 'voice';
      return ok(await transcribeFile(ctx, req.log, user, type, file));
    });
    scope.post('/v1/media/htmlFile2txt', async (req) => {
      const user = requireUser(req);
      await importLimit(user.id);
      return ok(await importHtmlFile(ctx, user, await readSingleFile(req, MSG.fileTooLarge)));
    });
  });
}
