import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  MSG,
  PPT_STATUS,
  type Envelope,
  type PptCreated,
  type PptPreview,
  type PptTaskInfo,
  type PptTemplate,
} from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { quotaUsage } from '../quota/service';
import { BUILD_STALE_MS, createPresentation, settleBuilds, taskStatus } from './service';

const OUTLINE = `# 城市更新计划\n- 年度汇报\n## 现状\n### 老旧小区\n- 改造 120 个小区\n- 加装电梯 300 部\n## 规划\n### 明年重点\n- 完善社区服务\n- 推进绿色建筑`;

/** Reads the whole SSE body of an injected request into events. */
function sseEvents(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((f) => f.startsWith('event:'))
    .map((f) => {
      const [e, d] = f.split('\n');
      return { event: e!.slice(7).trim(), data: JSON.parse(d!.slice(6)) as Record<string, unknown> };
    });
}

describe.each(testDbKinds())('presentations API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'wx-ppt-')), DEMO_TOKEN_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await settleBuilds();
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, payload: payload as object });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };

  it('needs a login on every route', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/ppt/outline'],
      ['POST', '/api/v1/ppt/createNewPPT'],
      ['GET', '/api/v1/ppt/task?task_id=x'],
      ['GET', '/api/v1/ppt/down?id=x'],
      ['GET', '/api/v1/ppt/preview?id=x'],
    ] as const) {
      expect((await call(method, url, undefined, {})).status).toBe(401);
    }
  });

  it('lists at least six templates, filtered by style and colour, under both spellings', async () => {
    const all = await call<PptTemplate[]>('GET', '/api/v1/ppt/templete');
    expect(all.body.code).toBe(Code.OK);
    expect(all.body.data.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all.body.data.map((x) => x.palette.primary)).size).toBe(all.body.data.length);
    const first = all.body.data[0]!;
    expect(first.preview).toMatch(/^\/ppt-templates\/.+\.png$/);
    const byStyle = await call<PptTemplate[]>('GET', `/api/v1/ppt/template?style=${encodeURIComponent(first.style)}`);
    expect(byStyle.body.data.every((x) => x.style === first.style)).toBe(true);
    const none = await call<PptTemplate[]>('GET', `/api/v1/ppt/templete?color=${encodeURIComponent('不存在的颜色')}`);
    expect(none.body.data).toEqual([]);
  });

  it('streams an outline from the content (meta, text, done)', async () => {
    const { token } = await t.loginAs();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ppt/outline',
      headers: { token },
      payload: { content: '如何学习机器学习？' },
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = sseEvents(res.body);
    expect(events[0]).toMatchObject({ event: 'meta', data: { model: 'v35' } });
    expect(events.at(-1)?.event).toBe('done');
    const text = events
      .filter((e) => e.event === 'text')
      .map((e) => e.data.text)
      .join('');
    expect(text).toMatch(/^# 学习机器学习/);
    expect((text.match(/^## /gm) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(text).toMatch(/^### /m);
    expect(text).toMatch(/^- /m);
  });

  it('refuses empty content and a missing template with the spec texts', async () => {
    const { token } = await t.loginAs();
    const noContent = await call('POST', '/api/v1/ppt/createNewPPT', token, { id: 'azure-business' });
    expect(noContent).toMatchObject({ status: 400, body: { code: Code.BAD_REQUEST, msg: MSG.slidesContentRequired } });
    const blank = await call('POST', '/api/v1/ppt/createPPT', token, { id: 'azure-business', content: '   ' });
    expect(blank.body.msg).toBe(MSG.slidesContentRequired);
    const noId = await call('POST', '/api/v1/ppt/createNewPPT', token, { content: OUTLINE });
    expect(noId.body.msg).toBe(MSG.slidesTemplateRequired);
    const emptyId = await call('POST', '/api/v1/ppt/createNewPPT', token, { content: OUTLINE, id: '' });
    expect(emptyId.body.msg).toBe(MSG.slidesTemplateRequired);
    const unknown = await call('POST', '/api/v1/ppt/createNewPPT', token, { content: OUTLINE, id: 'nope' });
    expect(unknown.body.msg).toBe(MSG.slidesTemplateUnknown);
    const outline = await call('POST', '/api/v1/ppt/outline', token, { content: '' });
    expect(outline.body.msg).toBe(MSG.slidesContentRequired);
  });

  it('builds a deck: task, preview, download; the count is held then settled', async () => {
    const { token, user } = await t.loginAs();
    const created = await call<PptCreated>('POST', '/api/v1/ppt/createNewPPT', token, { id: 'mint-fresh', content: OUTLINE });
    expect(created.body.code).toBe(Code.OK);
    const id = created.body.data.task_id;
    expect(created.body.data.url).toBe(`/api/v1/ppt/preview?id=${id}`);
    await settleBuilds();
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 1, reserved: 0 });

    const task = await call<PptTaskInfo>('GET', `/api/v1/ppt/task?task_id=${id}`, token);
    expect(task.body.data).toMatchObject({ task_id: id, status: PPT_STATUS.done, title: '城市更新计划' });

    const preview = await call<PptPreview>('GET', `/api/v1/ppt/preview?id=${id}`, token);
    expect(preview.body.data.template.id).toBe('mint-fresh');
    expect(preview.body.data.slides.map((s) => s.kind)).toEqual(['title', 'agenda', 'section', 'content', 'section', 'content', 'closing']);

    for (const path of ['down', 'download']) {
      const file = await t.app.inject({ method: 'GET', url: `/api/v1/ppt/${path}?id=${id}`, headers: { token } });
      expect(file.headers['content-type']).toContain('presentationml.presentation');
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(file.headers['content-disposition']).toContain(encodeURIComponent('城市更新计划.pptx'));
      const zip = await JSZip.loadAsync(file.rawPayload);
      expect(Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))).toHaveLength(7);
      expect(await zip.file('ppt/slides/slide1.xml')!.async('string')).toContain('城市更新计划');
    }
  });

  it("keeps tasks to their owner: another user's task reads as missing, and cannot be downloaded", async () => {
    const owner = await t.loginAs();
    const other = await t.loginAs();
    const created = await call<PptCreated>('POST', '/api/v1/ppt/createNewPPT', owner.token, { id: 'graphite-tech', content: OUTLINE });
    await settleBuilds();
    const id = created.body.data.task_id;
    expect((await call('GET', `/api/v1/ppt/preview?id=${id}`, other.token)).body).toMatchObject({
      code: Code.NOT_FOUND,
      msg: MSG.slidesTaskNotFound,
    });
    expect((await call('GET', `/api/v1/ppt/task?task_id=${id}`, other.token)).body.code).toBe(Code.NOT_FOUND);
    expect((await call('GET', `/api/v1/ppt/down?id=${id}`, other.token)).body.msg).toBe(MSG.slidesNoDownload);
    expect((await call('GET', '/api/v1/ppt/down?id=00000000-0000-0000-0000-000000000000', owner.token)).body.msg).toBe(
      MSG.slidesNoDownload,
    );
    expect((await call('GET', '/api/v1/ppt/down', owner.token)).body.msg).toBe(MSG.slidesNoDownload);
  });

  it('a task whose build died with its process reads as failed after BUILD_STALE_MS, never building forever', async () => {
    const { token, user } = await t.loginAs();
    const created = await call<PptCreated>('POST', '/api/v1/ppt/createNewPPT', token, { id: 'mint-fresh', content: OUTLINE });
    await settleBuilds();
    const id = created.body.data.task_id;
    // As a crash would leave it: building, last touched long ago.
    const longAgo = new Date(Date.now() - BUILD_STALE_MS - 60_000).toISOString();
    await t.ctx.database.exec(`UPDATE ppt_tasks SET status = ${PPT_STATUS.building}, updated_at = '${longAgo}' WHERE task_id = '${id}'`);
    const task = await call<PptTaskInfo>('GET', `/api/v1/ppt/task?task_id=${id}`, token);
    expect(task.body.data).toMatchObject({ task_id: id, status: PPT_STATUS.failed, msg: MSG.slidesFailed });
    // It stays failed, and a recent build is left alone.
    expect((await call<PptTaskInfo>('GET', `/api/v1/ppt/preview?id=${id}`, token)).body.data.status).toBe(PPT_STATUS.failed);
    const fresh = await call<PptCreated>('POST', '/api/v1/ppt/createNewPPT', token, { id: 'mint-fresh', content: OUTLINE });
    await settleBuilds();
    await t.ctx.database.exec(`UPDATE ppt_tasks SET status = ${PPT_STATUS.building} WHERE task_id = '${fresh.body.data.task_id}'`);
    const building = await taskStatus(t.ctx, { id: user.id, vip: 0, phone: null, tokenId: 0 }, fresh.body.data.task_id);
    expect(building.status).toBe(PPT_STATUS.building);
  });

  it('refuses a build when the counts are used up (free tier: 2 a day), without charging', async () => {
    const { token, user } = await t.loginAs();
    for (let i = 0; i < 2; i++) {
      expect((await call('POST', '/api/v1/ppt/createNewPPT', token, { id: 'amber-vivid', content: OUTLINE })).body.code).toBe(Code.OK);
    }
    await settleBuilds();
    const third = await call('POST', '/api/v1/ppt/createNewPPT', token, { id: 'amber-vivid', content: OUTLINE });
    expect(third.body).toMatchObject({ code: Code.NO_COUNT, msg: MSG.countExhausted });
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 2, reserved: 0 });
  });
});

describe.each(testDbKinds())('a failed build on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('marks the task failed and gives the count back', async () => {
    const { user } = await t.loginAs();
    // A data dir under a file: the deck cannot be written.
    const ctx = { ...t.ctx, config: { ...t.ctx.config, dataDir: '/dev/null/ppt' } };
    const authUser = { id: user.id, vip: 0, phone: null, tokenId: 0 };
    const created = await createPresentation(ctx, authUser, { id: 'azure-business', content: OUTLINE }, t.app.log);
    await settleBuilds();
    expect(await taskStatus(ctx, authUser, created.task_id)).toMatchObject({ status: PPT_STATUS.failed, msg: MSG.slidesFailed });
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 0, reserved: 0 });
  });
});
