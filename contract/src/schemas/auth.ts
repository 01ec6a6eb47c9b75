import { z } from 'zod';
import { MSG } from '../messages';
import { PHONE_PATTERN, SMS_CODE_PATTERN } from '../limits';
import { appChannelField, inviteCodeField, phoneField, smsCodeField } from './common';

export const SendSmsCodeSchema = z.object({ phone: phoneField });
export type SendSmsCodeReq = z.infer<typeof SendSmsCodeSchema>;

export const PhoneLoginSchema = z.object({
  phone: phoneField,
  code: smsCodeField,
  app_channel: appChannelField,
  invite_code: inviteCodeField,
});
export type PhoneLoginReq = z.infer<typeof PhoneLoginSchema>;

/** Password login: `user` is a phone, an e-mail or a username. */
export const LoginSchema = z.object({
  user: z.string({ error: MSG.usernameInvalid }).trim().min(1, { error: MSG.usernameInvalid }).max(64, { error: MSG.usernameInvalid }),
  pass: z.string({ error: MSG.passwordInvalid }).min(1, { error: MSG.passwordInvalid }).max(128, { error: MSG.passwordInvalid }),
  app_channel: appChannelField,
});
export type LoginReq = z.infer<typeof LoginSchema>;

/** Username: 4-20 letters, digits or underscores, not all digits. */
export const USERNAME_PATTERN = /^(?!\d+$)\w{4,20}$/;
/** A plain e-mail address (one @, a dot in the domain, no spaces). */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export type AccountKind = 'phone' | 'email' | 'username';

/** What kind of account a login or register `user` names; null when it is none of them. */
export function accountKindOf(user: string): AccountKind | null {
  if (PHONE_PATTERN.test(user)) return 'phone';
  if (user.length <= 64 && EMAIL_PATTERN.test(user)) return 'email';
  if (USERNAME_PATTERN.test(user)) return 'username';
  return null;
}

/**
 * Register: `user` is a username (letters, digits, underscore; 4-20, not all digits),
 * an e-mail, or a phone; a phone needs its SMS `code`.
 */
export const RegisterSchema = z
  .object({
    user: z.string({ error: MSG.usernameInvalid }).trim().min(4, { error: MSG.usernameInvalid }).max(64, { error: MSG.usernameInvalid }),
    pass: z.string({ error: MSG.passwordInvalid }).min(6, { error: MSG.passwordTooShort }).max(32, { error: MSG.passwordTooShort }),
    code: z.string({ error: MSG.smsCodeInvalid }).trim().max(6, { error: MSG.smsCodeInvalid }).optional(),
    invite_code: inviteCodeField,
    app_channel: appChannelField,
    /** One-use token of the register slider captcha (POST /v1/captcha/register/verify). */
    captcha_token: z
      .string({ error: MSG.captchaRequired })
      .trim()
      .min(16, { error: MSG.captchaRequired })
      .max(128, { error: MSG.captchaRequired }),
    /** A random id the browser keeps (localStorage): registrations are also limited per device. */
    device_id: z
      .string({ error: MSG.badField('device_id') })
      .regex(/^[\w-]{8,64}$/, { error: MSG.badField('device_id') })
      .optional(),
  })
  .superRefine((v, ctx) => {
    const kind = accountKindOf(v.user);
    if (!kind) ctx.addIssue({ code: 'custom', path: ['user'], message: MSG.usernameInvalid });
    else if (kind === 'phone' && !SMS_CODE_PATTERN.test(v.code ?? ''))
      ctx.addIssue({ code: 'custom', path: ['code'], message: MSG.smsCodeInvalid });
  });
export type RegisterReq = z.infer<typeof RegisterSchema>;

/** `appid` of the user info this server issues (the spec's clients send it back as app-name context). */
export const APP_ID = 'wanxiang-web';
/** `vipTime` of a permanent membership: a protocol value of the spec, compared by clients. */
export const VIP_TIME_PERMANENT = '永久有效';

export const UserInfoQuerySchema = z.object({ app_channel: appChannelField });

/** User info of the spec (docs/product/accounts.md §3). */
export interface UserInfo {
  id: number;
  uid: number;
  appid: string;
  token: string;
  access_token: string;
  phone: string;
  account: string;
  email: string;
  nick: string;
  avatar: string;
  vip: number;
  vipType: string;
  /** Expiry 'YYYY-MM-DD HH:mm:ss', '永久有效', or '' for free users. */
  vipTime: string;
  vipgrade: number;
  higher: number;
  points: number;
  invite_code: string;
  createdAt: string;
  /** 'admin' for operators (ADMIN_PHONES or `npm run admin -- grant`): the site offers them the console at /admin. */
  role?: 'user' | 'admin';
}

// ---- WeChat QR login (docs/product/accounts.md §3, §4, §7)

/** A QR id: 22 base64url characters issued by getWxQrcode (also the official account's scene_str). */
const qrcodeIdField = z
  .string({ error: MSG.wxQrInvalid })
  .trim()
  .regex(/^[\w-]{16,64}$/, { error: MSG.wxQrInvalid });

/** GET /v1/user/getWxQrcode: the QR's content (a URL the phone opens) and its id. */
export interface WxQrcode {
  url: string;
  /** 'text': draw `url` as a QR code (dev confirm page); 'image': `url` is WeChat's QR image. */
  qr_type: 'text' | 'image';
  qrcode_id: string;
  /** Seconds the QR stays valid. */
  expires_in: number;
}

/** 0 waiting for a scan, 1 confirmed on the phone, 2 expired, unknown or already used. */
export type WxQrStatus = 0 | 1 | 2;

export const WxQrcodeQuerySchema = z.object({ qrcode_id: qrcodeIdField });
export type WxQrcodeQuery = z.infer<typeof WxQrcodeQuerySchema>;

export const LoginWxQrcodeSchema = z.object({
  qrcode_id: qrcodeIdField,
  app_channel: appChannelField,
  invite_code: inviteCodeField,
});
export type LoginWxQrcodeReq = z.infer<typeof LoginWxQrcodeSchema>;

/** Dev stand-in for the phone scan: confirm a QR as a made-up WeChat user. */
export const WxDevConfirmSchema = z.object({
  qrcode_id: qrcodeIdField,
  openid: z
    .string({ error: MSG.badRequest })
    .trim()
    .regex(/^[\w-]{4,60}$/, { error: MSG.badRequest })
    .optional(),
});
export type WxDevConfirmReq = z.infer<typeof WxDevConfirmSchema>;

// ---- Remembered accounts (docs/product/accounts.md §3 accountHistory): a device token instead of a password

export interface DeviceTokenRes {
  device_token: string;
  /** Unix seconds. */
  expires_at: number;
}

const deviceTokenField = z
  .string({ error: MSG.deviceLoginInvalid })
  .trim()
  .regex(/^[\w-]{32,128}$/, { error: MSG.deviceLoginInvalid });

export const DeviceLoginSchema = z.object({
  account: z.string({ error: MSG.usernameInvalid }).trim().min(1, { error: MSG.usernameInvalid }).max(64, { error: MSG.usernameInvalid }),
  device_token: deviceTokenField,
  app_channel: appChannelField,
});
export type DeviceLoginReq = z.infer<typeof DeviceLoginSchema>;

/**
 * The desktop client's hand-over (docs/product/accounts.md §2): its signed-in session asks for a one-time code and
 * opens the site with ?source=wanxiang_pc&client_code=...; the page exchanges the code once by POST.
 */
export interface ClientCodeRes {
  client_code: string;
  /** Seconds the code stays valid. */
  expires_in: number;
}

export const ClientLoginSchema = z.object({
  client_code: z.string({ error: MSG.clientCodeInvalid }).trim().regex(/^[\w-]{20,64}$/, { error: MSG.clientCodeInvalid }),
  app_channel: appChannelField,
});
export type ClientLoginReq = z.infer<typeof ClientLoginSchema>;

/** Revoke one device token of the caller, or all of them when none is named. */
export const DeviceTokenRevokeSchema = z.object({ device_token: deviceTokenField.optional() });
export type DeviceTokenRevokeReq = z.infer<typeof DeviceTokenRevokeSchema>;
