import { MSG } from '@wanxiang/contract';
import type { KeyValueStore } from '../../infra/kv';
import { rateLimited } from '../../http/errors';

/**
 * Password guessing limits that slow an attacker down without letting one lock the owner out:
 *
 * - Per account and address: at most PASSWORD_CHECKS_PER_ADDRESS checks in the window. The count
 *   is taken before the (slow) password check, atomically, so concurrent guesses cannot all pass
 *   a count read before any of them failed. A success clears it.
 * - Per account, all addresses: past ACCOUNT_FAILURES_BEFORE_SLOWDOWN failures, addresses the
 *   account never logged in from get one check per slowdownSec(failures) seconds (growing), not a
 *   lock. Addresses it logged in from (any method, KNOWN_ADDRESS_DAYS) are never slowed, and the
 *   refusal offers SMS login, which needs no password.
 */
export const PASSWORD_CHECKS_PER_ADDRESS = 5;
export const PASSWORD_WINDOW_SEC = 15 * 60;
export const ACCOUNT_FAILURES_BEFORE_SLOWDOWN = 10;
export const ACCOUNT_FAILURE_WINDOW_SEC = 60 * 60;
export const KNOWN_ADDRESS_DAYS = 30;
const MAX_SLOWDOWN_SEC = 60;

/** Seconds between checks from unknown addresses after `failures` on the account: 0, then 2, 4, 8... up to a minute. */
export function slowdownSec(failures: number): number {
  if (failures < ACCOUNT_FAILURES_BEFORE_SLOWDOWN) return 0;
  const steps = Math.floor((failures - ACCOUNT_FAILURES_BEFORE_SLOWDOWN) / 5) + 1;
  return Math.min(MAX_SLOWDOWN_SEC, 2 ** steps);
}

const addressKey = (account: string, ip: string) => `pw:addr:${account}:${ip}`;
const accountKey = (account: string) => `pw:fail:${account}`;
const gateKey = (account: string) => `pw:gate:${account}`;
const knownKey = (userId: number, ip: string) => `login:known:${userId}:${ip}`;

/** Remember that `userId` logged in from `ip` (best effort: a lost write only means a slowdown may apply). */
export async function rememberAddress(kv: KeyValueStore, userId: number, ip: string): Promise<void> {
  await kv.set(knownKey(userId, ip), '1', KNOWN_ADDRESS_DAYS * 86_400).catch(() => undefined);
}

export interface PasswordCheck {
  /** Report the outcome of the check this reservation allowed. */
  settle(success: boolean): Promise<void>;
}

/**
 * Reserve one password check of `account` (its login name, also for names that do not exist)
 * from `ip`, or throw 429 with a message that suggests SMS login. `userId` is the account's
 * user when it exists (its known addresses skip the slowdown).
 */
export async function reservePasswordCheck(kv: KeyValueStore, account: string, ip: string, userId: number | null): Promise<PasswordCheck> {
  const known = userId !== null && (await kv.get(knownKey(userId, ip))) !== null;
  if (!known) {
    const spacing = slowdownSec(Number((await kv.get(accountKey(account))) ?? 0));
    // The first caller of each spacing window gets the check; the others wait for the next one.
    if (spacing > 0 && (await kv.incr(gateKey(account), spacing)) !== 1) throw rateLimited(MSG.passwordTooManyTries);
  }
  if ((await kv.incr(addressKey(account, ip), PASSWORD_WINDOW_SEC)) > PASSWORD_CHECKS_PER_ADDRESS) throw rateLimited(MSG.passwordTooManyTries);
  return {
    async settle(success) {
      if (success) await kv.del(addressKey(account, ip));
      else await kv.incr(accountKey(account), ACCOUNT_FAILURE_WINDOW_SEC);
    },
  };
}
