import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { authTokens } from '../../db/schema';
import { resolveSessionToken } from './service';

// The session resolver the platform's hook calls for every request (moved here from http/platform.test.ts:
// the platform no longer imports the auth module, app.ts hands it this resolver).
describe.each(testDbKinds())('session resolver (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('caches a session for at most 10 s', async () => {
    const { token, user } = await t.loginAs();
    const now = new Date();
    expect(await resolveSessionToken(t.ctx, token, now)).toMatchObject({ id: user.id, vip: 0, phone: user.phone });
    // Revoked behind the platform's back (as another process would): still cached for a moment...
    await t.ctx.database.db.update(authTokens).set({ revokedAt: now }).where(eq(authTokens.userId, user.id));
    expect((await resolveSessionToken(t.ctx, token, new Date(now.getTime() + 9_000)))?.id).toBe(user.id);
    // ...and gone once the cache entry expires.
    expect(await resolveSessionToken(t.ctx, token, new Date(now.getTime() + 10_001))).toBeNull();
  });

  it('is what the platform asks: a revoked token past the cache reads as signed out', async () => {
    const { token } = await t.loginAs();
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/user/info', headers: { token } });
    expect(info.json().code).toBe(200);
    expect(await resolveSessionToken(t.ctx, 'not-a-token')).toBeNull();
  });
});
