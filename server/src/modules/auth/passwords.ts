import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the account does not exist keeps the answer time the same,
// so response timing does not reveal which accounts exist.
let dummy: Promise<string> | null = null;

/** True when `password` matches `stored`; a missing hash still costs one verification. */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('wanxiang-no-such-account');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
