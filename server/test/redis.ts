import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the suite may use: TEST_REDIS_URL, else the machine's 127.0.0.1:6379. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether Redis answers a PING within a short timeout (Redis variants of tests skip otherwise). */
export async function redisAnswers(url: string = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A key prefix of its own per test store, so runs and files never see each other's keys. */
export const testRedisPrefix = (): string => `wx-test:${randomBytes(6).toString('hex')}:`;
