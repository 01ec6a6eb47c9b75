import { randomInt } from 'node:crypto';
import pino, { type DestinationStream } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Envelope, UserInfo } from '@wanxiang/contract';
import { buildApp } from '../src/app';
import { loadCatalog } from '../src/catalog';
import { createLlmGateway } from '../src/llm/gateway';
import type { ServerModule } from '../src/module';
import { testConfig } from '../src/config';
import { closeContext, createContext, type AppContext, type ContextOverrides } from '../src/context';
import { createMemoryStore } from '../src/infra/kv';
import type { SmsProvider } from '../src/infra/sms';
import { openTestDatabase, type TestDbKind } from './db';

/**
 * The one way API tests build the server:
 *
 *   const t = await createTestApp(kind);             // kind from describe.each(testDbKinds())
 *   const { token, user } = await t.loginAs();        // a fresh user with a new random phone
 *   const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/info', headers: { token } });
 *   await t.close();
 *
 * It uses testConfig(opts.env) (SMS_FIXED_CODE=123456, silent logs, no web build), an isolated
 * database of `kind`, an in-memory key-value store, a fake SMS provider that records every code,
 * and the real catalog, LLM gateway and safe fetch unless `opts.overrides` replaces them.
 * PGlite is slow to open: build one app per test file (beforeAll) and use distinct users per test.
 */
export interface TestAppOptions {
  /** Environment variables on top of testConfig's defaults, e.g. { DEMO_TOKEN_DELAY_MS: '0' }. */
  env?: Record<string, string>;
  /** Replace parts of the context (catalog, llm, safeFetch, kv, sms...). */
  overrides?: ContextOverrides;
  /** Log lines go here (set LOG_LEVEL in `env` too: tests are silent by default). */
  logStream?: DestinationStream;
  /** Register extra test-only routes or hooks before the app is ready. */
  beforeReady?: (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
  /**
   * Modules whose background work runs with the app (ServerModule.start). Default: the quota reaper only, so a test
   * starts no reconcile, sweep or task worker it did not ask for.
   */
  background?: readonly string[];
  /** The server's areas (default: every module); lifecycle tests add their own. */
  modules?: readonly ServerModule[];
}

export interface SentSms {
  phone: string;
  code: string;
}

/** SMS provider that records codes instead of sending them; `failNext` makes the next send throw. */
export interface FakeSms extends SmsProvider {
  readonly sent: SentSms[];
  lastCode(phone: string): string | undefined;
  failNext(err?: Error): void;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  sms: FakeSms;
  /**
   * Log in by SMS code (the user is created on first login) and return the session token and user
   * info. Each call makes a new session. With SMS_FIXED_CODE unset it sends a real code, so one
   * phone can log in that way once a minute.
   */
  loginAs(phone?: string): Promise<{ token: string; user: UserInfo }>;
  close(): Promise<void>;
}

export function createFakeSms(): FakeSms {
  const sent: SentSms[] = [];
  let failure: Error | null = null;
  return {
    name: 'fake',
    sent,
    async send(phone, code) {
      if (failure) {
        const err = failure;
        failure = null;
        throw err;
      }
      sent.push({ phone, code });
    },
    lastCode(phone) {
      return sent.filter((s) => s.phone === phone).at(-1)?.code;
    },
    failNext(err = new Error('fake sms failure')) {
      failure = err;
    },
  };
}

let phoneCounter = randomInt(0, 1_000_000);
/** A valid mainland mobile number not used before in this worker. */
export function newPhone(): string {
  phoneCounter = (phoneCounter + 1) % 100_000_000;
  return `139${String(phoneCounter).padStart(8, '0')}`;
}

/** A random private address, so tests are not slowed by the per-IP login limit. */
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export async function createTestApp(kind: TestDbKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(opts.env);
  const logger = pino({ level: 'silent' });
  const sms = createFakeSms();
  const database = await openTestDatabase(kind);
  const overrides: ContextOverrides = { database, kv: createMemoryStore(), sms, ...opts.overrides };
  const ctx = await createContext(config, logger, overrides);
  const app = await buildApp(ctx, { logStream: opts.logStream, background: opts.background ?? ['quota'], modules: opts.modules });
  await opts.beforeReady?.(app, ctx);
  await app.ready();

  async function loginAs(phone = newPhone()) {
    const remoteAddress = randomIp();
    let code = ctx.config.sms.fixedCode;
    if (!code) {
      await app.inject({ method: 'POST', url: '/api/v1/user/sendSmsCode', payload: { phone }, remoteAddress });
      code = sms.lastCode(phone);
    }
    const res = await app.inject({ method: 'POST', url: '/api/v1/user/phoneLogin', payload: { phone, code }, remoteAddress });
    const body = res.json<Envelope<UserInfo>>();
    if (body.code !== 200) throw new Error(`loginAs(${phone}) failed: ${res.statusCode} ${res.body}`);
    return { token: body.data.token, user: body.data };
  }

  return {
    app,
    ctx,
    sms,
    loginAs,
    async close() {
      await app.close();
      await closeContext(ctx);
    },
  };
}

/**
 * A test app on a real port with the demo upstream behind its gateway (streaming API tests that
 * read the events as a browser does): the app and its base URL.
 */
export async function listeningDemoApp(kind: TestDbKind, env: Record<string, string>): Promise<{ t: TestApp; base: string }> {
  const catalog = loadCatalog();
  const llm = await createLlmGateway(testConfig(env), catalog, pino({ level: 'silent' }));
  const t = await createTestApp(kind, { env, overrides: { catalog, llm } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  return { t, base: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
}
