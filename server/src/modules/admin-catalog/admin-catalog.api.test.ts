import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_DOCUMENTS,
  Code,
  MSG,
  type AdminCatalogDocument,
  type AdminCatalogList,
  type Envelope,
  type UsageItem,
} from '@wanxiang/contract';
import { DEFAULT_CATALOG_DIR } from '../../catalog';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
type TiersFile = { quotaKeys: Record<string, string>; levels: { vip: number; daily: Record<string, number> }[] };

const shipped = <T>(file: string): T => JSON.parse(readFileSync(join(DEFAULT_CATALOG_DIR, file), 'utf8')) as T;
/** The shipped tiers with the free level's daily `chat` count set to `n`. */
const tiersWithFreeChat = (n: number): TiersFile => {
  const tiers = shipped<TiersFile>('tiers.json');
  tiers.levels.find((l) => l.vip === 0)!.daily.chat = n;
  return tiers;
};

/**
 * The console's catalog editor over HTTP: role checks, a tiers save that the user's quota dashboard and the benefits
 * table show at once (no restart), refusals that save nothing (the file's own checks and the ones across documents),
 * a stale save, a reset to the file, the tool overrides (a switched-off tool refused with nothing held, a new price
 * charged, the public read), and the audit rows of every change.
 */
describe.each(testDbKinds())('admin catalog on %s', (kind) => {
  const adminPhone = newPhone();
  let t: TestApp;
  let admin: string;
  let user: { token: string; id: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADMIN_PHONES: adminPhone } });
    admin = (await t.loginAs(adminPhone)).token;
    const u = await t.loginAs();
    user = { token: u.token, id: Number(u.user.id) };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = async <T = unknown>(method: Method, url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { token } : {},
      payload: payload as object | undefined,
      remoteAddress: randomIp(),
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const freeChatMax = async () =>
    (await call<UsageItem[]>('POST', '/api/v1/number/all', user.token)).body.data.find((i) => i.key === 'chat')?.max;
  const list = async () => (await call<AdminCatalogList>('GET', '/api/admin/catalog', admin)).body.data.list;
  const auditOf = async (name: string) =>
    (
      await call<{
        total: number;
        list: { action: string; actorId: number; before: { source: string }; after: { source: string; content: unknown } }[];
      }>('GET', `/api/admin/audit?action=catalog.&target=catalog:${name}`, admin)
    ).body.data;

  it('answers visitors 401 and users 403 on every catalog route, before reading the input', async () => {
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/admin/catalog'],
      ['GET', '/api/admin/catalog/tiers'],
      ['PUT', '/api/admin/catalog/tiers', { content: { bad: true } }],
      ['DELETE', '/api/admin/catalog/tiers'],
    ];
    for (const [method, url, body] of routes) {
      expect(await call(method, url, undefined, body), `${method} ${url}`).toMatchObject({
        status: 401,
        body: { code: 401, msg: MSG.unauthorized },
      });
      expect(await call(method, url, user.token, body), `${method} ${url}`).toMatchObject({
        status: 403,
        body: { code: 403, msg: MSG.adminForbidden },
      });
    }
    expect(await call('GET', '/api/admin/catalog/nope', admin)).toMatchObject({ status: 400, body: { msg: MSG.adminCatalogNameInvalid } });
    expect(await call('PUT', '/api/admin/catalog/tiers', admin, { content: 'x' })).toMatchObject({
      status: 400,
      body: { msg: MSG.adminCatalogContentInvalid },
    });
  });

  it('lists every document from its file until the console saves one, and shows a document with its file default', async () => {
    const docs = await list();
    expect(docs.map((d) => d.name)).toEqual([...CATALOG_DOCUMENTS]);
    for (const d of docs) expect(d).toMatchObject({ source: 'file', version: 0, updatedAt: null, updatedBy: null });
    expect(docs.find((d) => d.name === 'tools')).toMatchObject({ file: 'tools.json', label: MSG.adminCatalogLabels.tools });
    const sidebar = (await call<AdminCatalogDocument>('GET', '/api/admin/catalog/sidebar', admin)).body.data;
    expect(sidebar).toMatchObject({ name: 'sidebar', source: 'file', version: 0 });
    expect(sidebar.content).toEqual(shipped('sidebar.json'));
    expect(sidebar.fileContent).toEqual(sidebar.content);
    // MCP_SERVERS_JSON (the test config's) replaces mcp.json: it is what DELETE would go back to.
    const mcp = (await call<AdminCatalogDocument>('GET', '/api/admin/catalog/mcp', admin)).body.data;
    expect(mcp.fileContent).toEqual(JSON.parse(t.ctx.config.mcp.serversJson ?? 'null') ?? shipped('mcp.json'));
  });

  it('refuses content that fails the file check or a check across documents with a Chinese 400 naming the entry, and saves nothing', async () => {
    const before = await list();
    const badCount = tiersWithFreeChat(-5);
    const r1 = await call('PUT', '/api/admin/catalog/tiers', admin, { content: badCount });
    expect(r1.status).toBe(400);
    expect(r1.body.msg).toMatch(/^会员等级与每日次数校验未通过：tiers\.json: levels\.\d+\.daily\.chat: /);

    // chat_v40 is the quota key of models (v40...): tiers without it would stop the next boot.
    const noV40 = shipped<TiersFile>('tiers.json');
    delete noV40.quotaKeys.chat_v40;
    for (const l of noV40.levels) delete l.daily.chat_v40;
    const r2 = await call('PUT', '/api/admin/catalog/tiers', admin, { content: noV40 });
    expect(r2.status).toBe(400);
    expect(r2.body.msg).toMatch(
      /^会员等级与每日次数校验未通过：models\.json: model "[^"]+": quotaKey "chat_v40" is not listed in tiers\.json quotaKeys/,
    );

    const r3 = await call('PUT', '/api/admin/catalog/tools', admin, { content: { tools: { text2image: { quotaKey: 'no_such_key' } } } });
    expect(r3.body.msg).toMatch(
      /^工具（开关、价格、计次）校验未通过：tool registry check failed: text2image: quotaKey "no_such_key" is not in tiers\.json quotaKeys/,
    );
    const r4 = await call('PUT', '/api/admin/catalog/tools', admin, { content: { tools: { noSuchTool: { enabled: false } } } });
    expect(r4.body.msg).toBe(
      MSG.adminCatalogRejected(MSG.adminCatalogLabels.tools!, 'tools.json: tools.noSuchTool: unknown tool id (not in the tool registry)'),
    );
    const page = (await call<{ list: { id: string; kind: string }[] }>('GET', '/api/v1/tools')).body.data.list.find(
      (x) => x.kind === 'page',
    )!;
    const r6 = await call('PUT', '/api/admin/catalog/tools', admin, { content: { tools: { [page.id]: { points: 5 } } } });
    expect(r6.body.msg).toContain(`tools.json: tools.${page.id}: a page, not a runnable tool`);
    const r5 = await call('PUT', '/api/admin/catalog/shop', admin, { content: { ...shipped<object>('shop.json'), items: 'x' } });
    expect(r5.body.msg).toMatch(/^商品校验未通过：shop\.json: items: /);

    expect(await list()).toEqual(before);
    expect(await freeChatMax()).toBe(20);
    expect((await auditOf('tiers')).total).toBe(0);
  });

  it('a tiers save shows on the user dashboard and the benefits table at once; a stale save is refused; DELETE goes back to the file', async () => {
    expect(await freeChatMax()).toBe(20);
    const saved = await call<AdminCatalogDocument>('PUT', '/api/admin/catalog/tiers', admin, { content: tiersWithFreeChat(7), version: 0 });
    expect(saved.body).toMatchObject({ code: 200, msg: MSG.adminCatalogSaved, data: { source: 'database', name: 'tiers' } });
    const version = saved.body.data.version;
    expect(version).toBeGreaterThan(0);
    expect(saved.body.data.fileContent).toEqual(shipped('tiers.json'));

    // Same app, no restart: the quota dashboard, the count a chat is checked against, and /equity.
    expect(await freeChatMax()).toBe(7);
    // Key order is meaning (quota keys are listed in the document's order): a saved document keeps it.
    const saves = tiersWithFreeChat(7) as { quotaKeys: Record<string, string> };
    const again = (await call<AdminCatalogDocument>('GET', '/api/admin/catalog/tiers', admin)).body.data.content as { quotaKeys: Record<string, string> };
    expect(Object.keys(again.quotaKeys)).toEqual(Object.keys(saves.quotaKeys));
    const dashboardKeys = (await call<UsageItem[]>('POST', '/api/v1/number/all', user.token)).body.data.map((i) => i.key);
    expect(dashboardKeys).toEqual(Object.keys(saves.quotaKeys));
    expect(t.ctx.catalog.dailyLimit('chat', 0)).toBe(7);
    const equity = (await call<{ levels: { vip: number; daily: Record<string, number> }[] }>('GET', '/api/v1/config/equity')).body.data;
    expect(equity.levels.find((l) => l.vip === 0)?.daily.chat).toBe(7);

    // An edit opened at version 0 no longer applies.
    const stale = await call('PUT', '/api/admin/catalog/tiers', admin, { content: tiersWithFreeChat(9), version: 0 });
    expect(stale).toMatchObject({ status: 400, body: { msg: MSG.adminCatalogStale(version) } });
    expect(await freeChatMax()).toBe(7);

    const listed = (await list()).find((d) => d.name === 'tiers')!;
    expect(listed).toMatchObject({ source: 'database', version, updatedBy: expect.any(Number) });

    const reset = await call<AdminCatalogDocument>('DELETE', '/api/admin/catalog/tiers', admin);
    expect(reset.body).toMatchObject({ code: 200, msg: MSG.adminCatalogReset, data: { source: 'file' } });
    expect(reset.body.data.version).toBeGreaterThan(version);
    expect(reset.body.data.content).toEqual(shipped('tiers.json'));
    expect(await freeChatMax()).toBe(20);
    expect((await call('DELETE', '/api/admin/catalog/tiers', admin)).body.msg).toBe(MSG.adminCatalogNotOverridden);

    // Both changes are in the audit log with the state before and after; the second DELETE changed nothing.
    const audit = await auditOf('tiers');
    expect(audit.total).toBe(2);
    expect(audit.list.map((r) => [r.action, r.before.source, r.after.source])).toEqual([
      ['catalog.reset', 'database', 'file'],
      ['catalog.update', 'file', 'database'],
    ]);
    expect(audit.list[1]!.after.content).toEqual(tiersWithFreeChat(7));
  });

  it('a shop save changes the shop list at once', async () => {
    const shop = shipped<{ items: { id: number; shop_price: number }[] }>('shop.json');
    shop.items[0]!.shop_price = 1990;
    expect((await call('PUT', '/api/admin/catalog/shop', admin, { content: shop })).body.code).toBe(200);
    const lists = (await call<{ vip: { id: number; shop_price: number }[] }>('POST', '/api/v2/shop/lists', undefined, {})).body.data;
    expect(lists.vip.find((i) => i.id === shop.items[0]!.id)?.shop_price).toBe(1990);
    expect((await call('DELETE', '/api/admin/catalog/shop', admin)).body.code).toBe(200);
  });

  it('tools: a switched-off tool is refused with nothing held, a new price is what a run is charged, the web reads both', async () => {
    const points = async () =>
      ((await t.ctx.database.db.execute(`SELECT points FROM users WHERE id = ${user.id}`)) as unknown as { rows: { points: number }[] })
        .rows[0]!.points;
    const holds = async () =>
      Number(
        (
          (await t.ctx.database.db.execute(`SELECT count(*)::int AS n FROM quota_reservations WHERE user_id = ${user.id}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    await t.ctx.database.db.execute(`UPDATE users SET points = 25 WHERE id = ${user.id}`);
    const run = (id: string, body: object) => call<{ task_id?: string }>('POST', `/api/v1/tools/${id}/run`, user.token, body);
    // A task tool paid with points and a prompt tool that streams: both refused before any hold.
    const promptTool = (await call<{ list: { id: string; kind: string }[] }>('GET', '/api/v1/tools')).body.data.list.find(
      (x) => x.kind === 'prompt',
    )!;
    const off = { tools: { text2image: { enabled: false }, [promptTool.id]: { enabled: false } } };
    expect((await call('PUT', '/api/admin/catalog/tools', admin, { content: off })).body.code).toBe(200);
    const heldBefore = await holds();
    expect(await run('text2image', { inputs: { text: '湖边小屋' }, usePoints: true })).toMatchObject({
      status: 400,
      body: { code: Code.BAD_REQUEST, msg: MSG.toolDisabled },
    });
    expect(await run(promptTool.id, { inputs: { text: '你好' } })).toMatchObject({ status: 400, body: { msg: MSG.toolDisabled } });
    expect(await points()).toBe(25);
    expect(await holds()).toBe(heldBefore);

    // On again at 3 points a run (the registry says 10).
    expect((await call('PUT', '/api/admin/catalog/tools', admin, { content: { tools: { text2image: { points: 3 } } } })).body.code).toBe(
      200,
    );
    const overrides = (await call<{ tools: Record<string, unknown> }>('GET', '/api/v1/tools/overrides')).body.data.tools;
    expect(overrides).toEqual({ text2image: { enabled: true, points: 3, quotaKey: 'draw' } });
    const listed = (await call<{ list: { id: string; points: number }[] }>('GET', '/api/v1/tools')).body.data.list;
    expect(listed.find((x) => x.id === 'text2image')?.points).toBe(3);
    const paid = await run('text2image', { inputs: { text: '湖边小屋' }, usePoints: true });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
    expect(await points()).toBe(22);

    expect((await call('DELETE', '/api/admin/catalog/tools', admin)).body.code).toBe(200);
    expect((await call<{ tools: object }>('GET', '/api/v1/tools/overrides')).body.data.tools).toEqual({});
    expect((await auditOf('tools')).total).toBe(3);
  });
});

describe('admin catalog over a broken file', () => {
  let t: TestApp;
  let admin: string;
  const adminPhone = newPhone();

  beforeAll(async () => {
    // A CATALOG_DIR whose site.json (read on first use, so the server still starts) is not JSON.
    const dir = mkdtempSync(join(tmpdir(), 'wx-catalog-'));
    for (const f of ['models.json', 'groups.json', 'tiers.json']) copyFileSync(join(DEFAULT_CATALOG_DIR, f), join(dir, f));
    writeFileSync(join(dir, 'site.json'), '{ "tools": ');
    t = await createTestApp('pglite', { env: { ADMIN_PHONES: adminPhone, CATALOG_DIR: dir } });
    admin = (await t.loginAs(adminPhone)).token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows the document without its file and lets a save replace it', async () => {
    const headers = { token: admin };
    const view = await t.app.inject({ method: 'GET', url: '/api/admin/catalog/site', headers });
    expect(view.json()).toMatchObject({ code: 200, data: { source: 'file', content: null, fileContent: null } });
    const site = JSON.parse(readFileSync(join(DEFAULT_CATALOG_DIR, 'site.json'), 'utf8')) as object;
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/catalog/site', headers, payload: { content: site } });
    expect(put.json()).toMatchObject({ code: 200, data: { source: 'database' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/config/site' })).json().code).toBe(200);
    // Back to a file that fails: refused, the saved copy stays.
    const reset = await t.app.inject({ method: 'DELETE', url: '/api/admin/catalog/site', headers });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().msg).toMatch(/^站点搜索与页脚校验未通过：.*site\.json: /);
  });
});
