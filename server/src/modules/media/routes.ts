import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES, MediaLinkSchema, MSG, ok, PageUrlSchema, ShortVideoSchema, Video2AudioSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { importHtmlFile, importWebLink, transcribeFile, transcribeLink } from './import';
import { readPageText } from './service';
import { fetchShortVideo, videoToAudio } from './video-calls';

/** Page reads per user per minute: each one makes the server fetch a remote page. */
export const PAGE_READS_PER_MINUTE = 20;
/** Imports per user per minute: each one downloads a file or calls the speech-to-text service. */
export const IMPORTS_PER_MINUTE = 10;
/** Video calls per user per minute (getShortViedo downloads up to 100 MB; video2audio runs ffmpeg). */
export const VIDEO_CALLS_PER_MINUTE = 6;

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
  // The video-edit part's calls (search-agents-tools §7.6): results are stored as the caller's files.
  const videoLimit = (userId: number) => enforce(ctx.kv, `media:video:${userId}`, 60, VIDEO_CALLS_PER_MINUTE);
  app.post('/v1/media/getShortViedo', async (req) => {
    const user = requireUser(req);
    const body = parse(ShortVideoSchema, req.body);
    await videoLimit(user.id);
    return ok(await fetchShortVideo(ctx, user.id, body));
  });
  app.post('/v1/media/video2audio', async (req) => {
    const user = requireUser(req);
    const body = parse(Video2AudioSchema, req.body);
    await videoLimit(user.id);
    return ok(await videoToAudio(ctx, user.id, body, AbortSignal.timeout(180_000)));
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
