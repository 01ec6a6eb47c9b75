import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { DownloadLinks } from '@wanxiang/contract';

/** server/catalog/downloads.json: links per brand, with per-invite-code overrides (docs/product/shell-and-navigation.md §9). */
const url = z.string().url();
const desktop = z.object({ win_x64: url, win_arm64: url, mac_x64: url, mac_arm64: url });
const brandLinks = z.object({ desktop, android: url, miniprogram_path: z.string().regex(/^[\w/.-]+$/) });
const brandOverride = z.object({
  desktop: desktop.partial().optional(),
  android: url.optional(),
  miniprogram_path: z
    .string()
    .regex(/^[\w/.-]+$/)
    .optional(),
});
const DownloadsFileSchema = z.object({
  version: z.string(),
  miniprogram_appid: z.string().default(''),
  brands: z.object({ wanxiang: brandLinks, bianjie: brandLinks }),
  overrides: z.record(
    z.string().regex(/^[A-Z0-9_-]+$/, 'override tokens are upper case'),
    z.partialRecord(z.enum(['wanxiang', 'bianjie']), brandOverride),
  ),
});
export type DownloadsFile = z.output<typeof DownloadsFileSchema>;
export type Brand = keyof DownloadsFile['brands'];

export function loadDownloads(dir: string): DownloadsFile {
  const path = join(dir, 'downloads.json');
  return DownloadsFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/**
 * The links for an invite code and brand: the brand's defaults with the token's override laid
 * over them field by field. The token is the invite code upper-cased; unknown codes get defaults.
 */
export function linksFor(file: DownloadsFile, inviteCode: string | undefined, brand: Brand = 'wanxiang'): DownloadLinks {
  const base = file.brands[brand];
  const over = inviteCode ? file.overrides[inviteCode.trim().toUpperCase()]?.[brand] : undefined;
  const path = over?.miniprogram_path ?? base.miniprogram_path;
  return {
    brand,
    version: file.version,
    desktop: { ...base.desktop, ...over?.desktop },
    android: over?.android ?? base.android,
    miniprogram_path: path,
    miniprogram_url: miniprogramScheme(file.miniprogram_appid, path, inviteCode),
  };
}

/**
 * WeChat's plain URL scheme for a mini-program page ('' when no app id is configured): scanning
 * its QR in WeChat opens the page; `cq` carries the invite code like the url_link redirect does.
 */
export function miniprogramScheme(appid: string, path: string, inviteCode?: string): string {
  if (!appid) return '';
  const query = inviteCode ? `cq=${encodeURIComponent(inviteCode)}` : '';
  const params = new URLSearchParams({ appid, path });
  if (query) params.set('query', query);
  return `weixin://dl/business/?${params.toString()}`;
}
