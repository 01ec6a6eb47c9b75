import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@wanxiang/contract';
import { listRoutes, type RouteInfo } from '../src/http/platform';
import { createTestApp, newPhone, randomIp, type TestApp, type TestAppOptions } from './app';
import type { TestDbKind } from './db';

/**
 * What the console's API tests share (admin, admin-money, admin-moderation, admin-vendors): an app whose ADMIN_PHONES
 * holds fresh admins, logged in, and a plain user beside them; the role checks every admin route starts with (visitor
 * 401, user 403); and the bad-input sweep each area runs as an admin (no 5xx, every answer an envelope, every refusal
 * in Chinese with its code equal to the status).
 */

export interface SignedIn {
  phone: string;
  token: string;
  id: number;
}

export interface AdminAppOptions extends TestAppOptions {
  /** How many admins to make and log in (default 1). */
  admins?: number;
  /** Phones added to ADMIN_PHONES without logging in (the list's parsing, an admin who logs in later). */
  alsoAdminPhones?: readonly string[];
}

export interface AdminApp {
  t: TestApp;
  /** The first admin. */
  admin: SignedIn;
  /** Every admin logged in, the first one included. */
  admins: SignedIn[];
  /** A signed-in account without the admin role. */
  user: SignedIn;
}

/** createTestApp with ADMIN_PHONES set to fresh phones (comma and space separated), each admin and one user logged in. */
export async function startAdminApp(kind: TestDbKind, opts: AdminAppOptions = {}): Promise<AdminApp> {
  const { admins: count = 1, alsoAdminPhones = [], ...appOpts } = opts;
  const phones = Array.from({ length: count }, () => newPhone());
  const t = await createTestApp(kind, { ...appOpts, env: { ...appOpts.env, ADMIN_PHONES: [...phones, ...alsoAdminPhones].join(', ') } });
  const signIn = async (phone: string): Promise<SignedIn> => {
    const { token, user } = await t.loginAs(phone);
    return { phone, token, id: Number(user.id) };
  };
  const admins: SignedIn[] = [];
  for (const phone of phones) admins.push(await signIn(phone));
  return { t, admin: admins[0]!, admins, user: await signIn(newPhone()) };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Each route refuses a visitor (401, MSG.unauthorized) and a signed-in user who is not an admin (403,
 * MSG.adminForbidden), in the envelope. A body ({}) goes with every method but GET and DELETE, so a refusal is seen
 * to come before the input is read.
 */
export async function expectAdminOnly(t: TestApp, userToken: string, routes: readonly (readonly [HttpMethod, string])[]): Promise<void> {
  for (const [method, url] of routes) {
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const visitor = await t.app.inject({ method, url, payload, remoteAddress: randomIp() });
    expect(visitor.statusCode, `${method} ${url} visitor`).toBe(401);
    expect(visitor.json(), `${method} ${url} visitor`).toMatchObject({ code: 401, msg: MSG.unauthorized });
    const user = await t.app.inject({ method, url, headers: { token: userToken }, payload, remoteAddress: randomIp() });
    expect(user.statusCode, `${method} ${url} user`).toBe(403);
    expect(user.json(), `${method} ${url} user`).toMatchObject({ code: 403, msg: MSG.adminForbidden });
  }
}

/** The app's routes whose path matches `area`, without the HEAD twins of the GET routes. */
export function areaRoutes(t: TestApp, area: RegExp): RouteInfo[] {
  return listRoutes(t.app).filter((r) => area.test(r.url) && r.method !== 'HEAD');
}

export interface FuzzCases {
  /** Raw request bodies for every method but GET (undefined: none); each one sent as application/json. */
  bodies: readonly (string | undefined)[];
  /** Query strings appended to each URL (default: none). */
  queries?: readonly string[];
  /** Values put in place of the route's parameter. */
  ids: readonly string[];
  /** The parameter replaced by each id (default `:id`). */
  param?: RegExp;
  /** A 200 answered as CSV is a download, not an envelope. */
  csv?: boolean;
  /** A check of this area's own on every answer: a failure line, or undefined. */
  check?: (res: LightMyRequestResponse, where: string) => string | undefined;
}

/** Every case against every route as `token`: the failures found (5xx, an answer that is no envelope, a bad refusal). */
export async function fuzzRoutes(t: TestApp, token: string, routes: readonly RouteInfo[], cases: FuzzCases): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    const param = (cases.param ?? /:id\b/).exec(route.url)?.[0];
    const urls = param ? cases.ids.map((id) => route.url.replace(param, id)) : [route.url];
    for (const base of urls) {
      for (const q of cases.queries ?? ['']) {
        for (const body of route.method === 'GET' ? [undefined] : cases.bodies) {
          const res = await t.app.inject({
            method: route.method as HttpMethod,
            url: base + q,
            headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            payload: body,
            remoteAddress: randomIp(),
          });
          const where = `${route.method} ${base + q} ${String(body).slice(0, 60)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
          if (res.statusCode >= 500) {
            failures.push(`5xx: ${where}`);
            continue;
          }
          const own = cases.check?.(res, where);
          if (own) failures.push(own);
          if (cases.csv && res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/csv')) continue;
          const json = res.json<{ code: unknown; msg: unknown }>();
          if (typeof json.code !== 'number' || typeof json.msg !== 'string') failures.push(`not an envelope: ${where}`);
          else if (res.statusCode !== 200 && (json.code !== res.statusCode || !/[\u4e00-\u9fff]/.test(json.msg)))
            failures.push(`bad refusal: ${where}`);
        }
      }
    }
  }
  return failures;
}
