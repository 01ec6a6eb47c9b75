import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { DEFAULT_PROMOS_FILE, PromosFileSchema } from './catalog';
import { businessDay, compareVersions, configInit } from './service';
import { readFileSync } from 'node:fs';

describe('promo rules', () => {
  it('compares YYYY.MM.DD versions by date', () => {
    expect(compareVersions('2025.09.07', '2025.10.20')).toBeLessThan(0);
    expect(compareVersions('2025.10.20', '2025.10.20')).toBe(0);
    expect(compareVersions('2026.01.01', '2025.12.31')).toBeGreaterThan(0);
  });
  it('the business day is the Shanghai date, not UTC', () => {
    // 2026-08-31 17:00 UTC is already September 1st in Shanghai.
    expect(businessDay(new Date('2026-08-31T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-09-01');
    expect(businessDay(new Date('2026-08-31T15:59:00Z'), 'Asia/Shanghai')).toBe('2026-08-31');
  });
  it('WEB_SERVICE_WORKER=0 tells the web client not to register its service worker', () => {
    expect(testConfig({}).webServiceWorker).toBe(true);
    const off = testConfig({ WEB_SERVICE_WORKER: '0' });
    expect(off.webServiceWorker).toBe(false);
    const file = PromosFileSchema.parse(JSON.parse(readFileSync(DEFAULT_PROMOS_FILE, 'utf8')));
    expect(configInit(file, { source: 'web' }, { serviceWorker: off.webServiceWorker }).client).toEqual({ service_worker: false });
  });
});
