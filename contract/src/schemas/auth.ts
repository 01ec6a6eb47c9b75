import { z } from 'zod';
import { MSG } from '../messages';
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

/**
 * Register: `user` is a username (letters, digits, underscore; 4-20, not all digits),
 * an e-mail, or a phone; a phone needs its SMS `code`.
 */
export const RegisterSchema = z.object({
  user: z.string({ error: MSG.usernameInvalid }).trim().min(4, { error: MSG.usernameInvalid }).max(64, { error: MSG.usernameInvalid }),
  pass: z.string({ error: MSG.passwordInvalid }).min(6, { error: MSG.passwordTooShort }).max(32, { error: MSG.passwordTooShort }),
  code: z.string().trim().max(6).optional(),
  invite_code: inviteCodeField,
  app_channel: appChannelField,
});
export type RegisterReq = z.infer<typeof RegisterSchema>;

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
