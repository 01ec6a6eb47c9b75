import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ok, WebdiskSearchQuerySchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { releaseReservation, reserveQuota, settleReservation } from '../quota/service';
import { webdiskChannelsOf } from './channels';
import { searchWebdisk, webdiskState } from './service';

/** Channel searches per user per minute: each one makes the server ask an outside site. */
export const WEBDISK_SEARCHES_PER_MINUTE = 30;

/** The cloud-disk count (7.2) is held by this route, once per new search (page 1). */
const CLOUD_QUOTA = { quotaKey: 'resource_cloud', blockedVips: [] as number[] };

/** One search is one count: the other tabs of the same keyword within this window are free. */
export const WEBDISK_SEARCH_WINDOW_SEC = 30 * 60;

/**
 * GET /api/v1/search/webdisk?keyword=&channel=up1|up2|brother|aggregate&page= (login required):
 * one page of a cloud-disk tab, filtered (5). A failing channel answers an empty page, never an
 * error. The first page 1 of a keyword holds one resource_cloud count, settled when results came
 * back, else released; switching tabs on the same keyword (within 30 minutes) costs nothing more.
 */
export async function registerWebdiskRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  webdiskState(ctx, app.log);
  webdiskChannelsOf(ctx); // reads catalog/webdisk.json now: a bad file stops the boot
  app.get('/v1/search/webdisk', async (req, reply) => {
    const user = requireUser(req);
    const q = parse(WebdiskSearchQuerySchema, req.query);
    await enforce(ctx.kv, `webdisk:search:${user.id}`, 60, WEBDISK_SEARCHES_PER_MINUTE);
    // incr is atomic in the shared store: of tabs opened at once, exactly one is the paying one.
    const searchKey = `webdisk:paid:${user.id}:${createHash('sha256').update(q.keyword.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
    const paying = q.page === 1 && (await ctx.kv.incr(searchKey, WEBDISK_SEARCH_WINDOW_SEC)) === 1;
    let hold = null;
    try {
      hold = paying ? await reserveQuota(ctx, user, CLOUD_QUOTA, `webdisk:${q.channel}`) : null;
    } catch (err) {
      await ctx.kv.del(searchKey);
      throw err;
    }
    // Nothing found: the count comes back and the next tab of this keyword pays instead.
    const giveBack = async (h: NonNullable<typeof hold>) => {
      await releaseReservation(ctx, h);
      await ctx.kv.del(searchKey);
    };
    const abort = new AbortController();
    // The browser went away (a new search replaced this one): stop asking the channel.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    try {
      const page = await searchWebdisk(ctx, q, abort.signal);
      if (hold && page.items.length > 0) await settleReservation(ctx, hold);
      else if (hold) await giveBack(hold);
      return ok(page);
    } catch (err) {
      if (hold) await giveBack(hold);
      throw err;
    }
  });
}
