import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DownloadsQuerySchema, GenerateUrlLinkSchema, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { DEFAULT_CATALOG_DIR } from '../../catalog';
import { linksFor, loadDownloads } from './catalog';
import { equityOf } from './equity';
import { generateUrlLink } from './wechat-urllink';

const URL_LINKS_PER_USER_PER_MINUTE = 5;
const URL_LINKS_PER_IP_PER_MINUTE = 20;

/**
 * Public data of the info pages: download links by invite code (docs/product/shell-and-navigation.md §9), the mini-program link
 * helper (docs/product/shell-and-navigation.md §7, signed-in users) and the membership benefits table (/equity). downloads.json is
 * read once at boot; the table follows tiers in force (the admin console's saves included).
 */
export async function registerDownloadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // An operator's CATALOG_DIR may hold only some files: fall back to the shipped ones.
  const dirFor = (name: string) => {
    const own = ctx.config.catalogDir;
    return own && existsSync(join(own, name)) ? own : DEFAULT_CATALOG_DIR;
  };
  const downloads = loadDownloads(dirFor('downloads.json'));
  equityOf(ctx);

  app.get('/v1/config/downloads', async (req) => {
    const q = parse(DownloadsQuerySchema, req.query);
    return ok(linksFor(downloads, q.invite_code, q.brand));
  });

  // From the tiers in force: a save in the admin console changes it without a restart.
  app.get('/v1/config/equity', async () => ok(equityOf(ctx)));

  // Each link costs a WeChat call (and the mini-program's daily link quota): members only, a few a minute.
  app.post('/wechat/generate_urllink', async (req) => {
    const user = requireUser(req);
    await enforce(ctx.kv, `urllink:ip:${req.ip}`, 60, URL_LINKS_PER_IP_PER_MINUTE, MSG.rateLimited);
    await enforce(ctx.kv, `urllink:user:${user.id}`, 60, URL_LINKS_PER_USER_PER_MINUTE, MSG.rateLimited);
    const body = parse(GenerateUrlLinkSchema, req.body);
    return ok({ url_link: await generateUrlLink(ctx, body) });
  });
}
