import { mkdtempSync, readFileSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  MSG,
  type ConfigInitRes,
  type Envelope,
  type GlobalNotice,
  type GuideContent,
  type NewYearActivity,
  type NoticeRes,
} from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { DEFAULT_PROMOS_FILE, type PromosFile } from './catalog';

/**
 * Promotions over HTTP against a copy of the shipped promos file (PROMOS_FILE), edited during the
 * test the way an operator would: the next request serves the edit, md5 and sign follow the content.
 */
describe.each(testDbKinds())('promos on %s', (kind) => {
  let t: TestApp;
  const file = join(mkdtempSync(join(tmpdir(), 'wx-promos-')), 'promos.json');
  const shipped = JSON.parse(readFileSync(DEFAULT_PROMOS_FILE, 'utf8')) as PromosFile;
  let bump = 0;
  /** Write the file with a distinct mtime so the change is seen even within one clock tick. */
  const save = (edit: (p: PromosFile) => void) => {
    const p = structuredClone(shipped);
    edit(p);
    writeFileSync(file, JSON.stringify(p));
    const when = new Date(Date.now() + ++bump * 1000);
    utimesSync(file, when, when);
  };

  beforeAll(async () => {
    save(() => {});
    t = await createTestApp(kind, { env: { PROMOS_FILE: file } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(url: string, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? { token } : {} });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const init = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/config/init', payload });
    return { status: res.statusCode, body: res.json<Envelope<ConfigInitRes>>() };
  };

  it('config/init: every switchable promo on by default; the file switches one off (the update prompt too); the service worker setting', async () => {
    save(() => {});
    const all = await init({ source: 'web', web_version: '2025.09.07' });
    expect(Object.values(all.body.data.show).every((v) => v === true)).toBe(true);
    expect(Object.keys(all.body.data.show)).toEqual(expect.arrayContaining(['deepseek_dialog', 'service_float', 'vip_countdown']));
    expect(all.body.data.show).not.toHaveProperty('update_dialog');
    expect(all.body.data.client).toEqual({ service_worker: true });
    expect(all.body.data.pc_config.update).toBe(true);

    save((p) => {
      (p as PromosFile & { show: Record<string, boolean> }).show = { service_float: false, update_dialog: false } as never;
    });
    const some = await init({ source: 'bianjie_pc', pc_version: '2024.01.01' });
    expect(some.body.data.show.service_float).toBe(false);
    expect(some.body.data.show.deepseek_dialog).toBe(true);
    expect(some.body.data.pc_config).toMatchObject({ update: false, need_down: false });
    save(() => {});
  });

  it('config/init: the web is prompted only when older; a desktop client below pc_min must download', async () => {
    save(() => {});
    const current = await init({ source: 'web', web_version: shipped.versions.web });
    expect(current.body.code).toBe(200);
    expect(current.body.data.pc_config).toMatchObject({ update: false, need_down: false, version: shipped.versions.web });

    const olderWeb = await init({ source: 'web', web_version: '2025.09.07' });
    expect(olderWeb.body.data.pc_config).toMatchObject({ update: true, need_down: false, content: shipped.web_update.content });

    const pcCurrent = await init({ source: 'bianjie_pc', pc_version: shipped.versions.pc });
    expect(pcCurrent.body.data.pc_config).toMatchObject({ update: false, need_down: false });
    const pcOld = await init({ source: 'wanxiang_pc', pc_version: '2025.08.01' });
    expect(pcOld.body.data.pc_config).toMatchObject({ update: true, need_down: false, download_url: shipped.pc_update.download_url });
    const pcAncient = await init({ source: 'bianjie_pc', pc_version: '2024.12.31' });
    expect(pcAncient.body.data.pc_config).toMatchObject({ update: true, need_down: true, content: shipped.pc_update.content });
    // A web page never has to download, however old.
    expect((await init({ source: 'web', web_version: '2020.01.01' })).body.data.pc_config.need_down).toBe(false);
    // No version sent: unknown, no prompt.
    expect((await init({})).body.data.pc_config.update).toBe(false);
  });

  it('config/init: the model promo md5 changes when its content changes and not otherwise', async () => {
    save(() => {});
    const a = (await init({ source: 'web' })).body.data.model;
    expect(a).toMatchObject({ show: true, title: shipped.model.title, content: shipped.model.content });
    expect(a.md5).toMatch(/^[0-9a-f]{32}$/);
    expect(a.button[0]!.operate.map((o) => o.type)).toEqual(['copy', 'close']);
    expect((await init({ source: 'web' })).body.data.model.md5).toBe(a.md5);

    save((p) => {
      p.model.content = '<p>新版香蕉模型</p>';
    });
    const b = (await init({ source: 'web' })).body.data.model;
    expect(b.content).toBe('<p>新版香蕉模型</p>');
    expect(b.md5).not.toBe(a.md5);
    // A button edit is a content change too; switching it off keeps the md5.
    save((p) => {
      p.model.content = '<p>新版香蕉模型</p>';
      p.model.show = false;
    });
    const c = (await init({ source: 'web' })).body.data.model;
    expect(c).toMatchObject({ show: false, md5: b.md5 });
  });

  it('config/init: bad input answers a Chinese 400', async () => {
    for (const payload of [{ web_version: '10.20' }, { pc_version: 20251020 }, { source: '<script>' }, { source: 'x'.repeat(40) }]) {
      const r = await init(payload);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(Code.BAD_REQUEST);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await init({ web_version: 'v1' })).body.msg).toBe(MSG.promoVersionInvalid);
    expect((await init({ source: '../x' })).body.msg).toBe(MSG.promoSourceInvalid);
  });

  it('notice: text and sign; the sign follows the text; no notice is empty', async () => {
    save(() => {});
    const a = await get<NoticeRes>('/v1/config/notice');
    expect(a.body.code).toBe(200);
    expect(a.body.data.data).toBe(shipped.notice.trim());
    expect(a.body.data.data.split('\n').length).toBeGreaterThan(1);
    expect(a.body.data.sign).toMatch(/^[0-9a-f]{32}$/);
    expect((await get<NoticeRes>('/v1/config/notice')).body.data.sign).toBe(a.body.data.sign);

    save((p) => {
      p.notice = '系统升级通知\n今晚 23:00 维护';
    });
    const b = await get<NoticeRes>('/v1/config/notice');
    expect(b.body.data).toMatchObject({ data: '系统升级通知\n今晚 23:00 维护' });
    expect(b.body.data.sign).not.toBe(a.body.data.sign);

    save((p) => {
      p.notice = '   ';
    });
    expect((await get<NoticeRes>('/v1/config/notice')).body.data).toEqual({ data: '', sign: '' });
  });

  it('global notice: 401 without login; the notice or null with login', async () => {
    save(() => {});
    const anon = await get<GlobalNotice>('/v1/config/globalNotice');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(Code.UNAUTHORIZED);

    const { token } = await t.loginAs();
    const gn = await get<GlobalNotice | null>('/v1/config/globalNotice', token);
    expect(gn.body.code).toBe(200);
    expect(gn.body.data).toEqual(shipped.global_notice);
    expect(gn.body.data!.onConfirmClick).toBe('route|/console/vip');
    expect(gn.body.data!.allowBackCancel).toBe('true');

    save((p) => {
      p.global_notice = null;
    });
    expect((await get<GlobalNotice | null>('/v1/config/globalNotice', token)).body).toMatchObject({ code: 200, data: null });
  });

  it('a broken edit keeps serving the last good content', async () => {
    save((p) => {
      p.notice = '好的公告';
    });
    expect((await get<NoticeRes>('/v1/config/notice')).body.data.data).toBe('好的公告');
    writeFileSync(file, '{ "versions": ');
    const when = new Date(Date.now() + ++bump * 1000);
    utimesSync(file, when, when);
    const r = await get<NoticeRes>('/v1/config/notice');
    expect(r.status).toBe(200);
    expect(r.body.data.data).toBe('好的公告');
  });

  it('guide: a matching keyword gets its guide (matched), anything else the default', async () => {
    save(() => {});
    const hit = await get<GuideContent>(`/v1/web/guide/search?keyword=${encodeURIComponent('DeepSeek 在线')}`);
    expect(hit.body.code).toBe(200);
    expect(hit.body.data).toMatchObject({ matched: true, title: shipped.guide.keywords[0]!.guide.title, route: '/chat?type=deepseek-v3' });
    expect(hit.body.data.banners.length).toBeGreaterThan(0);
    expect(hit.body.data.banners[0]).toEqual(
      expect.objectContaining({ url: expect.stringMatching(/^\/promos\/p7-/), title: expect.any(String) }),
    );

    const draw = await get<GuideContent>(`/v1/web/guide/search?keyword=${encodeURIComponent('免费AI画图')}`);
    expect(draw.body.data).toMatchObject({ matched: true, route: '/draw/text2image' });

    for (const url of ['/v1/web/guide/search', '/v1/web/guide/search?keyword=', '/v1/web/guide/search?keyword=weather']) {
      const r = await get<GuideContent>(url);
      expect(r.body.data).toMatchObject({ matched: false, title: shipped.guide.default.title, route: shipped.guide.default.route });
    }
    const long = await get<GuideContent>(`/v1/web/guide/search?keyword=${'长'.repeat(51)}`);
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe(MSG.promoKeywordTooLong);
  });

  it('new.year: status follows the business-day window and the switch; icon and count come along', async () => {
    // Today (Asia/Shanghai) inside the window.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    save((p) => {
      p.new_year = { enabled: true, from: today, to: today, icon: '/promos/p7-newyear.svg', count: 5 };
    });
    expect((await get<NewYearActivity>('/v1/activity/new.year')).body.data).toEqual({
      status: 1,
      icon: '/promos/p7-newyear.svg',
      count: 5,
    });
    save((p) => {
      p.new_year = { enabled: false, from: today, to: today, icon: '/promos/p7-newyear.svg', count: 5 };
    });
    expect((await get<NewYearActivity>('/v1/activity/new.year')).body.data.status).toBe(0);
    save((p) => {
      p.new_year = { enabled: true, from: '2000-01-01', to: '2000-01-31', icon: '/promos/p7-newyear.svg', count: 3 };
    });
    expect((await get<NewYearActivity>('/v1/activity/new.year')).body.data).toMatchObject({ status: 0, count: 3 });
  });
});
