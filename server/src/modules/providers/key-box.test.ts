import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeyBox, keyHint, loadKeySecret } from './key-box';

describe('provider key box', () => {
  it('round-trips a key, never storing it in the clear, with a fresh IV each time', () => {
    const box = new KeyBox('a-secret-of-enough-length');
    const a = box.seal('sk-live-0123456789abcd');
    const b = box.seal('sk-live-0123456789abcd');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-live');
    expect(Buffer.from(a.slice(3), 'base64').toString('latin1')).not.toContain('0123456789');
    expect(box.open(a)).toBe('sk-live-0123456789abcd');
  });

  it('refuses a tampered value and another secret', () => {
    const box = new KeyBox('a-secret-of-enough-length');
    const sealed = box.seal('sk-live-0123456789abcd');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => new KeyBox('another-secret-value-here').open(sealed)).toThrow();
  });

  it('shows only a hint', () => {
    expect(keyHint('sk-0123456789abcd')).toBe('sk-****abcd');
    expect(keyHint('short')).toBe('****');
  });

  it('generates a development secret once into DATA_DIR and refuses production without one', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'provider-secret-'));
    const config = { providers: { maxFree: 3, maxMember: 20 }, dataDir, isProduction: false };
    const first = await loadKeySecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadKeySecret(config)).toBe(first);
    expect((await readFile(join(dataDir, 'provider-key.secret'), 'utf8')).trim()).toBe(first);
    await expect(loadKeySecret({ ...config, isProduction: true })).rejects.toThrow(/PROVIDER_KEY_SECRET/);
    expect(await loadKeySecret({ ...config, providers: { ...config.providers, keySecret: 'from-the-setting-123' } })).toBe('from-the-setting-123');
  });
});
