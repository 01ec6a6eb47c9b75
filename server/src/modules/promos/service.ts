import { createHash } from 'node:crypto';
import type { ConfigInitRes, GlobalNotice, GuideContent, NewYearActivity, NoticeRes } from '@wanxiang/contract';
import type { PromosFile } from './catalog';

/** Desktop-client sources (docs/product/promos.md §2); every other source is the web or mobile site. */
const DESKTOP_SOURCES = new Set(['bianjie_pc', 'wanxiang_pc']);

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Compare two YYYY.MM.DD versions: negative when a is older. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * config/init: a desktop client older than the newest pc release gets update, and need_down when
 * older than pc_min; a web page older than the newest web release gets update (a refresh fixes it,
 * never need_down). A missing version means "unknown": no prompt. The model promo's md5 covers
 * everything the user sees, so any edit shows it again.
 */
export function configInit(
  p: PromosFile,
  req: { source: string; pc_version?: string; web_version?: string },
  client: { serviceWorker: boolean } = { serviceWorker: true },
): ConfigInitRes {
  const desktop = DESKTOP_SOURCES.has(req.source);
  const running = desktop ? req.pc_version : req.web_version;
  const newest = desktop ? p.versions.pc : p.versions.web;
  const prompt = p.show.update_dialog;
  const update = prompt && running !== undefined && compareVersions(running, newest) < 0;
  const need_down = prompt && desktop && running !== undefined && compareVersions(running, p.versions.pc_min) < 0;
  const { update_dialog: _gatedAbove, ...show } = p.show;
  const { title, content, image, button } = p.model;
  return {
    pc_config: {
      update,
      need_down,
      content: desktop ? p.pc_update.content : p.web_update.content,
      version: newest,
      download_url: p.pc_update.download_url,
    },
    model: { md5: md5(JSON.stringify({ title, content, image, button })), show: p.model.show, title, content, image, button },
    show,
    client: { service_worker: client.serviceWorker },
  };
}

/** The text notice and its sign (md5 of the text); no notice = '' and ''. */
export function notice(p: PromosFile): NoticeRes {
  const text = p.notice.trim();
  return { data: text, sign: text ? md5(text) : '' };
}

export function globalNotice(p: PromosFile): GlobalNotice | null {
  return p.global_notice ? { ...p.global_notice } : null;
}

/** The first guide one of whose keywords the search keyword contains (case-insensitive), else the default. */
export function guideFor(p: PromosFile, keyword: string): GuideContent {
  const k = keyword.trim().toLowerCase();
  const hit = k ? p.guide.keywords.find((g) => g.keywords.some((w) => k.includes(w.toLowerCase()))) : undefined;
  return { ...(hit?.guide ?? p.guide.default), matched: Boolean(hit) };
}

/** The business day (YYYY-MM-DD) in the given time zone. */
export function businessDay(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** status 1 between from and to (business days, inclusive) when enabled. */
export function newYear(p: PromosFile, now: Date, timeZone: string): NewYearActivity {
  const day = businessDay(now, timeZone);
  const on = p.new_year.enabled && day >= p.new_year.from && day <= p.new_year.to;
  return { status: on ? 1 : 0, icon: p.new_year.icon, count: p.new_year.count };
}
