/**
 * Daily sign-in (docs/product/signin.md §2, §3, §4, §7): check.signin, todayIsSign, signin, signin.info.
 * All are GET calls without a body.
 */

/** check.signin and todayIsSign: whether today (business day) is signed. */
export interface SigninCheck {
  signin: boolean;
}

/** One day of the 7-day strip: the n-th consecutive day of the week. */
export interface SigninDayItem {
  /** 1..7 */
  day: number;
  /** 'YYYY-MM-DD' the day was signed, or falls on if the streak goes on. */
  date: string;
  gift: string;
  signed: boolean;
}

export interface SigninInfo {
  list: SigninDayItem[];
  /** Consecutive days signed this week (0-7; resets Monday 00:00). */
  continue_days: number;
  /** Today signed. */
  signin: boolean;
  /** Default reward text (AI视频×10). */
  reward: string;
  /** The full-week bonus labels (a pending one included, marked in its label). */
  week_bonus: string[];
  /** Rules dialog lines. */
  rules: string[];
}

/** Answer of a successful sign-in: the reward text for the success dialog. */
export interface SigninResult {
  reward: string;
  continue_days: number;
  /** Points credited today (0 when the day's gift is counts only). */
  points: number;
  /** True when this sign-in completed the week and credited the full-week bonus. */
  week_bonus: boolean;
}
