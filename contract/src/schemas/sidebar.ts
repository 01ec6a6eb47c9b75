import { z } from 'zod';
import { registryTitleOf } from '../tools/index';

/**
 * The sidebar catalogue (docs/product/shell-and-navigation.md §2): groups with section dividers, sub-items,
 * 'new' dots with a version, an optional carousel per group, and the promo banners of the
 * rotating carousel. The operator edits server/catalog/sidebar.json; the server validates it
 * with SidebarFileSchema at boot and serves the caller's projection at GET /api/v2/config/sidebar.
 */

/** An in-app route ('/x?y=z'); never a full URL, so a typo cannot send users off-site. */
const route = z.string().regex(/^\/[^\s]*$/, { error: '必须是以 / 开头的站内路径' });

/** A 'new' red dot: a higher version than the one the browser read shows the dot again. */
export const SidebarDotSchema = z.object({ version: z.number().int().min(1) });

export const SidebarChildSchema = z.object({
  /** Unique within the group; part of the red-dot key sidebar:{group}:{key}. */
  key: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
  label: z.string().min(1).max(20),
  path: route,
  dot: SidebarDotSchema.optional(),
  /** Premium models: only for callers with an invite code or a non-zero vipgrade. */
  premium: z.boolean().optional(),
  /** Shown only when the catalogue's ai_amuse flag is on. */
  requiresAiAmuse: z.boolean().optional(),
});

export const SidebarSlideSchema = z.object({
  image: route,
  title: z.string().min(1).max(30),
  route,
});

export const SidebarGroupSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
  label: z.string().min(1).max(12),
  /** An icon name the web app knows (see web/src/layouts/sidebar/icons.tsx); unknown names fall back. */
  icon: z.string().min(1).max(40),
  /** Where a click on the group goes; a group without a path only opens its sub-items. */
  path: route.optional(),
  /** A divider with this title is drawn before the group (AI媒体, 近期热门, 热门功能). */
  section: z.string().min(1).max(12).optional(),
  dot: SidebarDotSchema.optional(),
  /** Hidden in desktop-client mode (docs/product/shell-and-navigation.md §2: the home item). */
  hideInDesktopClient: z.boolean().optional(),
  children: z.array(SidebarChildSchema).default([]),
  carousel: z.array(SidebarSlideSchema).optional(),
});

export const SidebarBannerSchema = z
  .object({
    key: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
    image: route,
    title: z.string().min(1).max(30),
    route: route.optional(),
    external: z.url({ protocol: /^https$/ }).optional(),
  })
  .refine((b) => Boolean(b.route) !== Boolean(b.external), { error: 'route 与 external 必须二选一' });

/**
 * A child as sidebar.json writes it: the label may be left out where it would only restate the
 * title of the registry entry (or pending route) at its path; the parsed file always has one.
 */
const SidebarFileChildSchema = SidebarChildSchema.extend({ label: SidebarChildSchema.shape.label.optional() }).transform((child, ctx) => {
  const label = child.label ?? registryTitleOf(child.path);
  if (!label) {
    ctx.addIssue({ code: 'custom', path: ['label'], message: '没有 label，且路径不是工具注册表中的页面' });
    return z.NEVER;
  }
  return { ...child, label };
});

const SidebarFileGroupSchema = SidebarGroupSchema.extend({ children: z.array(SidebarFileChildSchema).default([]) });

export const SidebarFileSchema = z.object({
  /** Gates the thesis entry /newAiThesis/index (docs/product/shell-and-navigation.md §6). */
  ai_amuse: z.boolean(),
  /** Banner carousel autoplay (docs/product/shell-and-navigation.md §9: 3000 ms). */
  carouselIntervalMs: z.number().int().min(1000).max(20000),
  groups: z.array(SidebarFileGroupSchema).min(1),
  banners: z.array(SidebarBannerSchema).default([]),
});

export type SidebarDot = z.infer<typeof SidebarDotSchema>;
export type SidebarChild = z.infer<typeof SidebarChildSchema>;
export type SidebarSlide = z.infer<typeof SidebarSlideSchema>;
export type SidebarGroup = z.infer<typeof SidebarGroupSchema>;
export type SidebarBanner = z.infer<typeof SidebarBannerSchema>;
export type SidebarFile = z.infer<typeof SidebarFileSchema>;

/** `data` of GET /api/v2/config/sidebar: the catalogue as this caller may see it. */
export interface SidebarConfig {
  carouselIntervalMs: number;
  groups: SidebarGroup[];
  banners: SidebarBanner[];
}

/** The browser passes the invite code it arrived with (keywords_state.invite_code). */
export const SidebarQuerySchema = z.object({
  invite_code: z.string().trim().max(64).optional(),
});
export type SidebarQuery = z.input<typeof SidebarQuerySchema>;
