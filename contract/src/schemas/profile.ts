import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Personal centre (/console/user) and the info pages: profile edits, password change, the
 * download links and the membership benefits table. The web forms and the server share these.
 */

/** Our own avatar set under web/public/avatars/ (SVG); only these paths are accepted. */
export const AVATAR_CHOICES = [
  '/avatars/a01.svg',
  '/avatars/a02.svg',
  '/avatars/a03.svg',
  '/avatars/a04.svg',
  '/avatars/a05.svg',
  '/avatars/a06.svg',
  '/avatars/a07.svg',
  '/avatars/a08.svg',
] as const;

export const NICK_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;

// Control characters (C0, DEL, C1) and the invisible bidi / zero-width marks a nick must not carry.
// eslint-disable-next-line no-control-regex
const NICK_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

export const nickField = z
  .string({ error: MSG.profileNickInvalid })
  .trim()
  .refine((s) => Array.from(s).length >= 1 && Array.from(s).length <= NICK_MAX, { error: MSG.profileNickInvalid })
  .refine((s) => !NICK_FORBIDDEN.test(s), { error: MSG.profileNickBadChars });

export const avatarField = z
  .string({ error: MSG.profileAvatarInvalid })
  .refine((s) => (AVATAR_CHOICES as readonly string[]).includes(s), { error: MSG.profileAvatarInvalid });

export const UpdateInfoSchema = z
  .object({ nick: nickField.optional(), avatar: avatarField.optional() })
  .refine((v) => v.nick !== undefined || v.avatar !== undefined, { error: MSG.profileNothingToUpdate });
export type UpdateInfoReq = z.infer<typeof UpdateInfoSchema>;

const passwordField = z
  .string({ error: MSG.profilePasswordInvalid })
  .min(PASSWORD_MIN, { error: MSG.profilePasswordInvalid })
  .max(PASSWORD_MAX, { error: MSG.profilePasswordInvalid });

/** `old` is required when the account already has a password (the server checks). */
export const ChangePasswordSchema = z.object({
  old: z.string().max(128, { error: MSG.profileOldPasswordWrong }).optional(),
  pass: passwordField,
});
export type ChangePasswordReq = z.infer<typeof ChangePasswordSchema>;

/** Whether the caller has a password yet (the form asks for the old one only then). */
export interface PasswordState {
  has_password: boolean;
}

export const DownloadsQuerySchema = z.object({
  invite_code: z.string().trim().max(64).optional(),
  brand: z.enum(['wanxiang', 'bianjie']).optional(),
});
export type DownloadsQuery = z.infer<typeof DownloadsQuerySchema>;

/** Download links for one invite-code token and brand (docs/product/accounts.md §9): four desktop links and mobile. */
export interface DownloadLinks {
  brand: string;
  version: string;
  desktop: { win_x64: string; win_arm64: string; mac_x64: string; mac_arm64: string };
  android: string;
  /** Path of the WeChat mini-program page (iOS users use it). */
  miniprogram_path: string;
  /** A link that opens the mini-program (a web fallback page when WeChat is not configured). */
  miniprogram_url: string;
}

export const GenerateUrlLinkSchema = z.object({
  path: z
    .string({ error: MSG.urlLinkPathInvalid })
    .trim()
    .max(256, { error: MSG.urlLinkPathInvalid })
    .regex(/^[\w/.-]*$/, { error: MSG.urlLinkPathInvalid }),
  query: z.string().trim().max(512, { error: MSG.urlLinkQueryInvalid }).optional().default(''),
  invite_code: z.string().trim().max(64).optional(),
});
export type GenerateUrlLinkReq = z.infer<typeof GenerateUrlLinkSchema>;

export interface UrlLinkRes {
  url_link: string;
}

/** Membership benefits (/equity): each level's daily counts per quota key. -1 unlimited, 0 none. */
export interface EquityTable {
  quota_keys: { key: string; label: string }[];
  levels: { vip: number; name: string; daily: Record<string, number> }[];
}
