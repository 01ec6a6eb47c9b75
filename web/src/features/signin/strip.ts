import type { SigninInfo } from '@wanxiang/contract';

/** Gift texts longer than this many characters scroll (a CSS marquee) in the strip (docs/product/signin.md §2). */
export const GIFT_MARQUEE_CHARS = 8;

/** Counted in characters, not UTF-16 units, so Chinese and emoji count as one each. */
export function needsMarquee(text: string): boolean {
  return [...text].length > GIFT_MARQUEE_CHARS;
}

export type DayState = 'signed' | 'today' | 'upcoming';

export interface StripDay {
  day: number;
  date: string;
  gift: string;
  state: DayState;
  signed: boolean;
  marquee: boolean;
}

/**
 * The 7 boxes: signed days, then today's box (the next streak day when today is not signed yet),
 * then the days to come.
 */
export function stripDays(info: Pick<SigninInfo, 'list' | 'continue_days' | 'signin'>): StripDay[] {
  const todayDay = info.signin ? info.continue_days : info.continue_days + 1;
  return info.list.map((d) => ({
    day: d.day,
    date: d.date,
    gift: d.gift,
    signed: d.signed,
    marquee: needsMarquee(d.gift),
    state: d.day === todayDay ? 'today' : d.signed ? 'signed' : 'upcoming',
  }));
}

/** 'MM-DD' under a box. */
export function shortDate(date: string): string {
  return date.length === 10 ? date.slice(5) : date;
}

/** The failure shown when signing fails for another reason than "already signed": the error, serialized. */
export function serializeError(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err && 'msg' in err) {
    const e = err as { code: unknown; msg: unknown };
    return JSON.stringify({ code: e.code, msg: e.msg });
  }
  if (err instanceof Error) return JSON.stringify({ name: err.name, message: err.message });
  return JSON.stringify(err ?? null);
}
