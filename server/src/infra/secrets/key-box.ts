import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config';

/**
 * API keys at rest (users' custom providers, the console's vendor settings): AES-256-GCM under a key derived from the server secret
 * (PROVIDER_KEY_SECRET). A sealed value is `v1:<base64 iv|tag|ciphertext>`; a fresh IV per
 * seal, so two users with the same key store different bytes. Tampering fails the tag check.
 */
export class KeyBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`wanxiang-provider-keys:${secret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith('v1:')) throw new Error('unknown sealed key format');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** What the page shows instead of a key: `sk-****abcd` (short keys show nothing of themselves). */
export function keyHint(key: string): string {
  if (key.length < 12) return '****';
  return `${key.slice(0, 3)}****${key.slice(-4)}`;
}

const SECRET_FILE = 'provider-key.secret';

/**
 * The secret: PROVIDER_KEY_SECRET, or outside production a random one generated once into
 * DATA_DIR/provider-key.secret (so development keys survive restarts). Production refuses to
 * start without the setting (config.ts).
 */
export async function loadKeySecret(config: Pick<Config, 'providers' | 'dataDir' | 'isProduction'>): Promise<string> {
  if (config.providers.keySecret) return config.providers.keySecret;
  if (config.isProduction) throw new Error('PROVIDER_KEY_SECRET is required in production');
  const file = join(config.dataDir, SECRET_FILE);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 16) return existing;
  } catch {
    // not there yet: generated below
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails when another process wrote it first: read theirs.
  await writeFile(file, secret, { flag: 'wx', mode: 0o600 }).catch(async () => undefined);
  return (await readFile(file, 'utf8')).trim();
}
