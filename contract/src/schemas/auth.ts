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

/** User info of the spec (chat-core 3, shell 3). */
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
}
