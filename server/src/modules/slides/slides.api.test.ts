import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import pino from 'pino';
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
  type TaskInfo,
} from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import type { RunningTaskEngine } from '../../jobs';
import type { FileStore } from '../../infra/storage';
import { quotaUsage } from '../quota/service';
import { startTasks } from '../tasks/lifecycle';
import { submitTask } from '../tasks/service';
import { SLIDES_PRICE, SLIDES_TASK_KIND } from './build-task';
import { buildPptx } from './builder/build';
import { deckFromOutline } from './deck';
import { BUILD_STALE_MS, createPresentation, taskStatus, templates } from './service';

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

const log = pino({ level: 'silent' });
const TERMINAL = ['succeeded', 'failed', 'canceled'];

describe.each(testDbKinds())('presentations API on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wx-ppt-'));
    // Builds run on the task engine (workers in this process, as the server runs them by default);
    // a short pause per slide keeps the build long enough to watch its progress events.
    t = await createTestApp(kind, { env: { DATA_DIR: dataDir, DEMO_TOKEN_DELAY_MS: '0', TASK_POLL_MAX_MS: '100', SLIDES_PACE_MS: '40' } });
    engine = await startTasks(t.ctx, log, { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, payload: payload as object });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  /** The engine's view of a task once it has ended. */
  const finished = async (id: string, token: string): Promise<TaskInfo> => {
    let last: TaskInfo | undefined;
    await expect
      .poll(async () => (last = (await call<TaskInfo>('GET', `/api/v1/tasks/${id}`, token)).body.data)?.status, { timeout: 20_000 })
      .toSatisfy((s: string) => TERMINAL.includes(s));
    return last!;
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

  it('builds a deck on the task engine: task id at once, real progress, preview, download; the count is held then settled', async () => {
    const { token, user } = await t.loginAs();
    const created = await call<PptCreated>('POST', '/api/v1/ppt/createNewPPT', token, { id: 'mint-fresh', content: OUTLINE });
    expect(created.body.code).toBe(Code.OK);
    const id = created.body.data.task_id;
    expect(created.body.data.url).toBe(`/api/v1/ppt/preview?id=${id}`);
    // Held while it builds (the answer came before the deck).
    expect((await quotaUsage(t.ctx, user.id, 'doc_ppt')).used + (await quotaUsage(t.ctx, user.id, 'doc_ppt')).reserved).toBe(1);
    const events = await t.app.inject({ method: 'GET', url: `/api/v1/tasks/${id}/events`, headers: { token } });
    const seen = sseEvents(events.body)
      .filter((e) => e.event === 'task')
      .map((e) => e.data as unknown as TaskInfo);
    expect(seen.at(-1)).toMatchObject({ status: 'succeeded', progress: 100, tool: 'slides:file' });
    // Real progress: each slide drawn is a step with its stage, never backwards.
    const drawing = seen.filter((e) => /^正在绘制第 [1-7]\/7 页$/.test(e.stage));
    expect(drawing.length).toBeGreaterThanOrEqual(2);
    expect(drawing.every((e) => e.progress > 10 && e.progress < 100)).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).toBeGreaterThanOrEqual(seen[i - 1]!.progress);
    const done = await finished(id, token);
    expect(done.result!.files).toEqual([
      expect.objectContaining({ name: '城市更新计划.pptx', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' }),
    ]);
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
      // The AI-content label: visible on every slide, and the AIGC custom property naming this task.
      for (const n of [1, 7]) expect(await zip.file(`ppt/slides/slide${n}.xml`)!.async('string')).toContain(MSG.deckAiLabel);
      const custom = await zip.file('docProps/custom.xml')!.async('string');
      expect(custom).toContain('name="AIGC"');
      expect(custom).toContain(`"ProduceID":"${id}"`);
    }
  });

  it("keeps tasks to their owner: another user's task reads as missing, and cannot be downloaded", async () => {
    const owner = await t.loginAs();
    const other = await t.loginAs();
    const created = await call<PptCreated>('POST', '/api/v1/ppt/createNewPPT', owner.token, { id: 'graphite-tech', content: OUTLINE });
    const id = created.body.data.task_id;
    const done = await finished(id, owner.token);
    expect((await call('GET', `/api/v1/ppt/preview?id=${id}`, other.token)).body).toMatchObject({
      code: Code.NOT_FOUND,
      msg: MSG.slidesTaskNotFound,
    });
    expect((await call('GET', `/api/v1/ppt/task?task_id=${id}`, other.token)).body.code).toBe(Code.NOT_FOUND);
    expect((await call('GET', `/api/v1/ppt/down?id=${id}`, other.token)).body.msg).toBe(MSG.slidesNoDownload);
    // The stored file itself is the owner's only.
    expect((await t.app.inject({ method: 'GET', url: done.result!.files[0]!.url, headers: { token: other.token } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: done.result!.files[0]!.url, headers: { token: owner.token } })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/ppt/down?id=00000000-0000-0000-0000-000000000000', owner.token)).body.msg).toBe(
      MSG.slidesNoDownload,
    );
    expect((await call('GET', '/api/v1/ppt/down', owner.token)).body.msg).toBe(MSG.slidesNoDownload);
  });

  /** A ppt_tasks row as builds before the task engine left them. */
  const legacyRow = async (userId: number, status: number, updatedAt = new Date()) => {
    const id = crypto.randomUUID();
    await t.ctx.database.exec(
      `INSERT INTO ppt_tasks (task_id, user_id, template_id, title, content, status, file_path, updated_at)
       VALUES ('${id}', ${userId}, 'mint-fresh', '城市更新计划', '${OUTLINE.replace(/'/g, "''")}', ${status}, ${status === PPT_STATUS.done ? `'${id}.pptx'` : 'NULL'}, '${updatedAt.toISOString()}')`,
    );
    return id;
  };

  it('tasks from before the engine still answer: a finished one downloads from DATA_DIR/ppt', async () => {
    const { token, user } = await t.loginAs();
    const id = await legacyRow(user.id, PPT_STATUS.done);
    mkdirSync(join(dataDir, 'ppt'), { recursive: true });
    writeFileSync(join(dataDir, 'ppt', `${id}.pptx`), await buildPptx(deckFromOutline(OUTLINE), templates(t.ctx).get('mint-fresh')!));
    expect((await call<PptTaskInfo>('GET', `/api/v1/ppt/task?task_id=${id}`, token)).body.data).toMatchObject({ status: PPT_STATUS.done, title: '城市更新计划' });
    const file = await t.app.inject({ method: 'GET', url: `/api/v1/ppt/down?id=${id}`, headers: { token } });
    expect(file.headers['content-type']).toContain('presentationml.presentation');
    expect(Object.keys((await JSZip.loadAsync(file.rawPayload)).files).some((n) => n === 'ppt/slides/slide7.xml')).toBe(true);
  });

  it('an older task whose build died with its process reads as failed after BUILD_STALE_MS, never building forever', async () => {
    const { token, user } = await t.loginAs();
    const id = await legacyRow(user.id, PPT_STATUS.building, new Date(Date.now() - BUILD_STALE_MS - 60_000));
    const task = await call<PptTaskInfo>('GET', `/api/v1/ppt/task?task_id=${id}`, token);
    expect(task.body.data).toMatchObject({ task_id: id, status: PPT_STATUS.failed, msg: MSG.slidesFailed });
    // It stays failed, and a recent one is left alone.
    expect((await call<PptTaskInfo>('GET', `/api/v1/ppt/preview?id=${id}`, token)).body.data.status).toBe(PPT_STATUS.failed);
    const fresh = await legacyRow(user.id, PPT_STATUS.building);
    const building = await taskStatus(t.ctx, { id: user.id, vip: 0, phone: null, role: 'user' as const, tokenId: 0 }, fresh);
    expect(building.status).toBe(PPT_STATUS.building);
  });

  it('refuses a build when the counts are used up (free tier: 2 a day), without charging', async () => {
    const { token, user } = await t.loginAs();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await call<PptCreated>('POST', '/api/v1/ppt/createNewPPT', token, { id: 'amber-vivid', content: OUTLINE });
      expect(created.body.code).toBe(Code.OK);
      ids.push(created.body.data.task_id);
    }
    for (const id of ids) await finished(id, token);
    const third = await call('POST', '/api/v1/ppt/createNewPPT', token, { id: 'amber-vivid', content: OUTLINE });
    expect(third.body).toMatchObject({ code: Code.NO_COUNT, msg: MSG.countExhausted });
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 2, reserved: 0 });
  });
});

describe.each(testDbKinds())('a failed build on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TASK_POLL_MAX_MS: '100' } });
    // A store that cannot write: the deck is drawn but cannot be kept.
    const broken: FileStore = {
      ...t.ctx.storage,
      kind: t.ctx.storage.kind,
      put: async () => {
        throw new Error('disk full');
      },
    };
    engine = await startTasks({ ...t.ctx, storage: broken }, log, { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('marks the task failed and gives the count back', async () => {
    const { user } = await t.loginAs();
    const authUser = { id: user.id, vip: 0, phone: null, role: 'user' as const, tokenId: 0 };
    const created = await createPresentation(t.ctx, authUser, { id: 'azure-business', content: OUTLINE });
    await expect.poll(async () => (await taskStatus(t.ctx, authUser, created.task_id)).status, { timeout: 20_000 }).toBe(PPT_STATUS.failed);
    expect((await taskStatus(t.ctx, authUser, created.task_id)).msg).toBe(MSG.taskFailedGeneric);
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 0, reserved: 0 });
  });

  it('a failed build is retried through the tasks API: owner only, held and charged like a new build, a gone template refused', async () => {
    const { token, user } = await t.loginAs();
    const authUser = { id: user.id, vip: 0, phone: null, role: 'user' as const, tokenId: 0 };
    const failed = await createPresentation(t.ctx, authUser, { id: 'azure-business', content: OUTLINE });
    await expect.poll(async () => (await taskStatus(t.ctx, authUser, failed.task_id)).status, { timeout: 20_000 }).toBe(PPT_STATUS.failed);
    const retry = (id: string, who = token) => t.app.inject({ method: 'POST', url: `/api/v1/tasks/${id}/retry`, headers: { token: who } });

    // Someone else's failed build is as absent as a missing task, and nothing is held for them.
    const other = await t.loginAs();
    expect((await retry(failed.task_id, other.token)).json()).toEqual({ code: Code.NOT_FOUND, msg: MSG.taskNotFound, data: null });
    expect(await quotaUsage(t.ctx, other.user.id, 'doc_ppt')).toEqual({ used: 0, reserved: 0 });

    // The store works again: the retry is a new slides:file task with the same inputs, held then charged once.
    await engine.stop();
    engine = await startTasks(t.ctx, log, { workers: true });
    const res = await retry(failed.task_id);
    expect(res.statusCode).toBe(200);
    const again = res.json<Envelope<{ task_id: string }>>().data.task_id;
    expect(again).not.toBe(failed.task_id);
    await expect.poll(async () => (await taskStatus(t.ctx, authUser, again)).status, { timeout: 20_000 }).toBe(PPT_STATUS.done);
    const info = (await t.app.inject({ method: 'GET', url: `/api/v1/tasks/${again}`, headers: { token } })).json<Envelope<TaskInfo>>().data;
    expect(info).toMatchObject({ tool: 'slides:file', status: 'succeeded', inputs: { template: 'azure-business', content: OUTLINE } });
    expect(info.result!.files).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/ppt/down?id=${again}`, headers: { token } })).headers['content-type']).toContain('presentationml');
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 1, reserved: 0 });

    // A build that succeeded is not retried; nor is one whose template is gone (nothing held for it).
    expect((await retry(again)).json()).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.taskNotRetryable });
    const gone = await submitTask(t.ctx, { user, kind: SLIDES_TASK_KIND, inputs: { template: 'removed-template', content: OUTLINE }, price: SLIDES_PRICE });
    await expect.poll(async () => (await taskStatus(t.ctx, authUser, gone.id)).status, { timeout: 20_000 }).toBe(PPT_STATUS.failed);
    expect((await retry(gone.id)).json()).toEqual({ code: Code.BAD_REQUEST, msg: MSG.slidesTemplateUnknown, data: null });
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 1, reserved: 0 });
  });
});
