import { z } from 'zod';
import { MSG } from '../messages';
import { phoneField, smsCodeField } from './common';

/**
 * Quota, points and phone binding (docs/product/quota-and-points.md §6, §7, §3).
 * `type` is a quota key of the catalog (chat, chat_v40, chat_doc... or a tool key).
 */
const quotaType = z
  .string({ error: MSG.quotaTypeUnknown })
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, { error: MSG.quotaTypeUnknown });
const quotaNumber = z.coerce
  .number({ error: MSG.quotaNumberInvalid })
  .int({ error: MSG.quotaNumberInvalid })
  .min(1, { error: MSG.quotaNumberInvalid })
  .max(100, { error: MSG.quotaNumberInvalid })
  .default(1);

export const NumberCheckSchema = z.object({ type: quotaType, number: quotaNumber });
export type NumberCheckReq = z.input<typeof NumberCheckSchema>;

/** `ref`: the reply message id the count was for; a key the chat route meters is reported, never charged again. */
export const NumberSubmitSchema = z.object({ type: quotaType, number: quotaNumber, ref: z.string().trim().max(64).optional() });
export type NumberSubmitReq = z.input<typeof NumberSubmitSchema>;

/** Answer of check and submit: today's limit and what is left. `maxNumber` -1 = unlimited (then balance is -1 too). */
export interface QuotaBalance {
  key: string;
  maxNumber: number;
  balance: number;
  used: number;
  /** True when this submit charged the count (tool keys); false when it only reported it. */
  charged?: boolean;
  /** Bonus counts still free, given when today's counts fall short and bonus counts cover the use. */
  bonus?: number;
}

/** `data` of a NO_COUNT refusal: what the membership-count popup shows. */
export interface QuotaRefusal {
  title: string;
  content: string;
  key: string;
  vip: number;
  maxNumber: number;
  balance: number;
}

/** Usage list item (docs/product/quota-and-points.md §3): max -1 unlimited, null none. */
export interface UsageItem {
  key: string;
  name: string;
  max: number | null;
  balance: number | null;
  number_unit: string;
  number_time: string;
  number_merge: number;
  children: UsageItem[];
}

export interface PointsRes {
  points: number;
}

/**
 * POST /v2/points/bill (docs/product/quota-and-points.md §7): the caller's points ledger, newest first. type 0 all,
 * 1 income (delta > 0), 2 expense (delta < 0). invite_code is the keyword state the web app
 * sends along with every call; the bill ignores it.
 */
export const POINTS_BILL_TYPES = { all: 0, income: 1, expense: 2 } as const;
export const PointsBillSchema = z.object({
  type: z.coerce
    .number({ error: MSG.pointsBillTypeInvalid })
    .int({ error: MSG.pointsBillTypeInvalid })
    .min(0, { error: MSG.pointsBillTypeInvalid })
    .max(2, { error: MSG.pointsBillTypeInvalid })
    .default(0),
  page: z.coerce
    .number({ error: MSG.pointsBillPageInvalid })
    .int({ error: MSG.pointsBillPageInvalid })
    .min(1, { error: MSG.pointsBillPageInvalid })
    .max(100_000, { error: MSG.pointsBillPageInvalid })
    .default(1),
  rows: z.coerce
    .number({ error: MSG.pointsBillPageInvalid })
    .int({ error: MSG.pointsBillPageInvalid })
    .min(1, { error: MSG.pointsBillPageInvalid })
    .max(100, { error: MSG.pointsBillPageInvalid })
    .default(10),
  invite_code: z.string().max(64).optional(),
});
export type PointsBillReq = z.input<typeof PointsBillSchema>;

export interface PointsBillRow {
  id: number;
  delta: number;
  balance_after: number;
  /** Reason code (signin, chat, bind_phone...) and its Chinese text. */
  reason: string;
  reason_text: string;
  note: string;
  /** ISO time. */
  created_at: string;
}

export interface PointsBill {
  list: PointsBillRow[];
  total: number;
  page: number;
  rows: number;
  /** The current balance, so the page needs one call. */
  points: number;
}

// ---- Slider captcha and phone binding

/** A slider challenge: drag the handle to `target` on a track `width` wide, before `expiresInSec`. */
export interface CaptchaChallenge {
  id: string;
  target: number;
  width: number;
  expiresInSec: number;
}

export const CaptchaChallengeSchema = z.object({ scene: z.enum(['bind_phone']).default('bind_phone') });

/** The drag result: final x and the sampled trail [[x, ms since press], ...]. */
export const CaptchaVerifySchema = z.object({
  id: z.string({ error: MSG.captchaFailed }).trim().min(1, { error: MSG.captchaFailed }).max(64, { error: MSG.captchaFailed }),
  x: z.number({ error: MSG.captchaFailed }).finite({ error: MSG.captchaFailed }),
  trail: z.array(z.tuple([z.number().finite(), z.number().finite()]), { error: MSG.captchaFailed }).max(500, { error: MSG.captchaFailed }),
});
export type CaptchaVerifyReq = z.infer<typeof CaptchaVerifySchema>;

export interface CaptchaPass {
  token: string;
  expiresInSec: number;
}

export const SendBindSmsCodeSchema = z.object({
  phone: phoneField,
  captchaToken: z
    .string({ error: MSG.captchaRequired })
    .trim()
    .min(1, { error: MSG.captchaRequired })
    .max(128, { error: MSG.captchaRequired }),
});
export type SendBindSmsCodeReq = z.infer<typeof SendBindSmsCodeSchema>;

export const BindPhoneSchema = z.object({ phone: phoneField, code: smsCodeField });
export type BindPhoneReq = z.infer<typeof BindPhoneSchema>;
