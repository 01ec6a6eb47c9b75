import { describe, expect, it } from 'vitest';
import { pdfOfPages } from '../../../../test/fixtures/documents';
import { readDocumentText, type DocumentReadError } from './index';

/**
 * Issue 11: two many-page PDFs of one user made another user's 20-byte text file wait 19 s.
 * Parsing slots go round-robin over users, one user never holds them all, and a user past the
 * per-user cap is refused at once.
 */

const LIMITS = { slots: 2, perOwner: 3, maxWaiting: 16 };

describe('document parsing is fair between users', () => {
  it("does not make one user's small file wait behind another user's heavy PDFs", async () => {
    const heavy = pdfOfPages(4000);
    const started = Date.now();
    const a = [1, 2].map(() => readDocumentText('pdf', heavy, { owner: 'user:a', limits: LIMITS, timeoutMs: 60_000 }));
    // Both heavy files are in before the small one arrives.
    await new Promise((r) => setTimeout(r, 200));
    const small = Date.now();
    expect(await readDocumentText('txt', Buffer.from('二十字节的小文件'), { owner: 'user:b', limits: LIMITS })).toBe('二十字节的小文件');
    const waited = Date.now() - small;
    const heavyDone = await Promise.all(a);
    const heavyMs = Date.now() - started;
    expect(heavyDone[0]).toContain('Page 4000');
    // A fresh parsing thread starts in a few hundred ms even on a busy machine; one heavy PDF takes seconds.
    expect(waited, `small file waited ${waited} ms; heavy files took ${heavyMs} ms`).toBeLessThan(2_000);
    expect(waited * 3).toBeLessThan(heavyMs);
  }, 90_000);

  it('refuses a user past the per-user cap at once, and still serves others', async () => {
    const heavy = pdfOfPages(1500);
    const limits = { ...LIMITS, perOwner: 2 };
    const mine = [1, 2].map(() => readDocumentText('pdf', heavy, { owner: 'user:c', limits, timeoutMs: 60_000 }));
    const third = await readDocumentText('txt', Buffer.from('第三个'), { owner: 'user:c', limits }).catch((e: DocumentReadError) => e.reason);
    expect(third).toBe('owner-busy');
    expect(await readDocumentText('txt', Buffer.from('别人的文件'), { owner: 'user:d', limits })).toBe('别人的文件');
    await Promise.all(mine);
    // Once the user's files are done, the next one is welcome again.
    expect(await readDocumentText('txt', Buffer.from('第四个'), { owner: 'user:c', limits })).toBe('第四个');
  }, 90_000);
});
