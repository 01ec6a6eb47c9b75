import type { FastifyInstance } from 'fastify';
import { ok, WebdiskSearchQuerySchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { releaseReservation, reserveQuota, settleReservation } from '../quota/service';
import { searchWebdisk, webdiskState } from './service';

/** Channel searches per user per minute: each one makes the server ask an outside site. */
export const WEBDISK_SEARCHES_PER_MINUTE = 30;

/** The cloud-disk count (7.2) is held by this route, once per new search (page 1). */
const CLOUD_QUOTA = { quotaKey: 'resource_cloud', blockedVips: [] as number[] };

/**
 * GET /api/v1/search/webdisk?keyword=&channel=up1|up2|brother|aggregate&page= (login required):
 * one page of a cloud-disk tab, filtered (5). A failing channel answers an empty page, never an
 * error. Page 1 holds one resource_cloud count, settled when results came back, else released.
 */
export async function registerWebdiskRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  webdiskState(ctx, app.log); // reads catalog/webdisk.json now: a bad file stops the boot
  app.get('/v1/search/webdisk', async (req, reply) => {
    const user = requireUser(req);
    const q = parse(WebdiskSearchQuerySchema, req.query);
    await enforce(ctx.kv, `webdisk:search:${user.id}`, 60, WEBDISK_SEARCHES_PER_MINUTE);
    const hold = q.page === 1 ? await reserveQuota(ctx, user, CLOUD_QUOTA, `webdisk:${q.channel}`) : null;
    const abort = new AbortController();
    // The browser went away (a new search replaced this one): stop asking the channel.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    try {
      const page = await searchWebdisk(ctx, q, abort.signal);
      if (hold) await (page.items.length > 0 ? settleReservation(ctx, hold) : releaseReservation(ctx, hold));
      return ok(page);
    } catch (err) {
      if (hold) await releaseReservation(ctx, hold);
      throw err;
    }
  });
}
