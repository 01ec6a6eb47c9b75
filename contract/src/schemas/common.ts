import { z } from 'zod';
import { MSG } from '../messages';
import { PHONE_PATTERN, SMS_CODE_PATTERN } from '../limits';

/** Shared field schemas; their messages are the spec's Chinese sentences. */
export const phoneField = z.string({ error: MSG.phoneInvalid }).trim().regex(PHONE_PATTERN, { error: MSG.phoneInvalid });
export const smsCodeField = z.string({ error: MSG.smsCodeInvalid }).trim().regex(SMS_CODE_PATTERN, { error: MSG.smsCodeInvalid });
export const appChannelField = z.string().max(32).optional();
export const inviteCodeField = z.string().trim().max(64).optional();

export const pageField = z.coerce.number({ error: '参数 page 必须是正整数' }).int().min(1).max(100_000).default(1);
export const rowsField = z.coerce.number({ error: '参数 rows 必须是正整数' }).int().min(1).max(100).default(20);

export const idField = z.string({ error: '请提供会话 id' }).trim().min(1, { error: '请提供会话 id' }).max(64);
