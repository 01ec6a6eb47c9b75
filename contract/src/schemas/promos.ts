import { z } from 'zod';
import { MSG } from '../messages';

/**
 * App-wide promotions and notices (docs/product/promos.md §2, §3, §4, §7): config/init (client update and the
 * model promo), the text notice, the admin-driven global notice, the search-engine guide and
 * the new-year activity. The operator edits server/catalog/promos.json; these are the wire shapes.
 */

/** Release versions are dates written YYYY.MM.DD (docs/product/promos.md §9: pc 2025.08.19, web 2025.10.20). */
export const VERSION_PATTERN = /^\d{4}\.\d{2}\.\d{2}$/;

const version = z.string({ error: MSG.promoVersionInvalid }).trim().regex(VERSION_PATTERN, { error: MSG.promoVersionInvalid });

/** POST /api/v2/config/init body. source: web (default), mobile, or a desktop client (bianjie_pc, wanxiang_pc). */
export const ConfigInitReqSchema = z.object({
  source: z
    .string({ error: MSG.promoSourceInvalid })
    .trim()
    .max(32, { error: MSG.promoSourceInvalid })
    .regex(/^[\w-]*$/, { error: MSG.promoSourceInvalid })
    .optional()
    .default('web'),
  pc_version: version.optional(),
  web_version: version.optional(),
});
export type ConfigInitReq = z.input<typeof ConfigInitReqSchema>;

/** GET /api/v1/web/guide/search?keyword= (the keyword may be empty: the default guide). */
export const GuideSearchQuerySchema = z.object({
  keyword: z.string({ error: MSG.promoKeywordInvalid }).trim().max(50, { error: MSG.promoKeywordTooLong }).optional().default(''),
});

/** One step of a promo button: copy a text, show a message, open a URL or route, close the dialog. */
export const PromoOperateSchema = z.object({
  type: z.enum(['copy', 'message', 'url', 'close']),
  value: z.string().max(2000).default(''),
});
export type PromoOperate = z.infer<typeof PromoOperateSchema>;

export const PromoButtonSchema = z.object({
  /** Button label; plain text or simple inline HTML (sanitized when shown). */
  html: z.string().min(1).max(500),
  operate: z.array(PromoOperateSchema).max(8).default([]),
});
export type PromoButton = z.infer<typeof PromoButtonSchema>;

export interface PcConfig {
  /** A newer release exists for this client. */
  update: boolean;
  /** The running client is too old to keep working: the dialog cannot be closed, only download. */
  need_down: boolean;
  /** What changed (newline-separated). */
  content: string;
  /** The newest version the server knows for this source. */
  version: string;
  download_url: string;
}

export interface ModelPromo {
  /** md5 of the promo content: a change shows the promo again (localStorage bananaModalMd5). */
  md5: string;
  show: boolean;
  title: string;
  /** HTML, sanitized by the client. */
  content: string;
  image: string;
  button: PromoButton[];
}

/**
 * The promos the operator can switch off in the promos file (`show`; every one on by default) beyond
 * those its own data already turns off (the model promo's `show`, an empty notice, no global notice,
 * the new-year window). The update prompt's switch is applied by the server to `pc_config.update`.
 */
export const PROMO_SWITCHES = ['deepseek_dialog', 'first_entry', 'service_float', 'download_bar', 'agent_guide', 'vip_countdown', 'search_guide'] as const;
export type PromoSwitch = (typeof PROMO_SWITCHES)[number];

export interface ConfigInitRes {
  pc_config: PcConfig;
  model: ModelPromo;
  /** Which switchable promos may show (an addition to the spec's answer; docs/api.md). */
  show: Record<PromoSwitch, boolean>;
  /** Deployment settings the web client needs at start: register the offline service worker (WEB_SERVICE_WORKER). */
  client: { service_worker: boolean };
}

/** GET /api/v1/config/notice: newline-separated text and its sign (a hash; '' when there is no notice). */
export interface NoticeRes {
  data: string;
  sign: string;
}

/** GET /api/v1/config/globalNotice (logged-in only): the admin-driven notice, or null. */
export interface GlobalNotice {
  title: string;
  /** HTML, sanitized by the client. */
  content: string;
  confirm: string;
  showCancelBtn: boolean;
  /** 'true' lets the mask and Esc close it (the spec keeps this a string). */
  allowBackCancel: 'true' | 'false';
  /** 'action|argument': route|/console/vip, url|https://..., close| */
  onConfirmClick: string;
}

export interface GuideBanner {
  url: string;
  title: string;
  subtitle: string;
}

export interface GuideContent {
  title: string;
  subtitle: string;
  pc_title: string;
  pc_subtitle: string;
  /** Where 立即体验 goes. */
  route: string;
  banners: GuideBanner[];
  /** True when the keyword matched one of the guide's keywords (the client opens it after 1 s, not 2 s). */
  matched: boolean;
}

/** GET /api/v1/activity/new.year: status 1 while the activity runs; count = how many closes hide the float ad. */
export interface NewYearActivity {
  status: 0 | 1;
  icon: string;
  count: number;
}
