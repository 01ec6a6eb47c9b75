import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIGC_MSG, Code, MSG, type AigcReport, type AigcRewrite, type AigcTask, type Envelope } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { taskEnded } from '../../../test/task-poll';
import { finishTask, type RunningTaskEngine } from '../../jobs';
import { quotaUsage } from '../quota/service';
import { startTasks } from '../tasks/lifecycle';
import { paidEngine } from '../tasks/payer';

const log = pino({ level: 'silent' });

/**
 * AIGC检测 with an operator's detector service (AIGC_DETECTOR_URL) against a local fake of a
 * Fast-DetectGPT-style server: the report comes from its probabilities, a failing service fails the
 * check and refunds once; paying with points (开启积分抵扣) is held, charged once and refunded once.
 */
describe.each(testDbKinds())('AIGC with a detector service on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  let fake: Server;
  let failing = false;
  const received: string[][] = [];

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { texts } = JSON.parse(body) as { texts: string[] };
        received.push(texts);
        if (failing) return void res.writeHead(500).end('model not loaded');
        res.setHeader('content-type', 'application/json');
        // A text mentioning 模型 is "machine-written" (0.92), anything else human (0.08): enough to see the service's figures.
        res.end(JSON.stringify({ probabilities: texts.map((x) => (x.includes('模型') ? 0.92 : 0.08)) }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/detect`;
    process.env.SOFFICE_BIN = '/nonexistent/soffice';
    t = await createTestApp(kind, {
      env: { DEMO_TOKEN_DELAY_MS: '0', TASK_POLL_MAX_MS: '100', AIGC_DETECTOR_URL: url, AIGC_DETECTOR_TIMEOUT_MS: '2000' },
    });
    engine = await startTasks(t.ctx, log, { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
    await new Promise<void>((r) => fake.close(() => r()));
    delete process.env.SOFFICE_BIN;
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { token }, payload: payload as object });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const finished = (id: string, token: string) => taskEnded(t, id, token);
  const MACHINE = '大语言模型能够根据提示生成流畅的文本，这使得内容生产的效率大幅提高，同时也带来了新的挑战。';
  const HUMAN = '周六早上我骑车去河边钓鱼，一上午只钓到两条小鲫鱼，回家路上还下起了雨，浑身湿透。';

  it('scores with the service: its probabilities, its bands, detector "service"', async () => {
    failing = false;
    const { token, user } = await t.loginAs();
    const id = (await call<{ task_id: string }>('POST', '/api/v1/aigc/task/check', token, { text: `${MACHINE}\n${HUMAN}` })).body.data
      .task_id;
    expect((await finished(id, token)).status).toBe('succeeded');
    const report = (await call<AigcTask>('GET', `/api/v1/aigc/task/details?task_id=${id}`, token)).body.data.report as AigcReport;
    expect(report).toMatchObject({ detector: 'service', demo: false, counts: { high: 1, medium: 0, low: 1 } });
    expect(report.paragraphs.map((p) => p.score)).toEqual([0.92, 0.08]);
    expect(received.at(-1)).toEqual([MACHINE, HUMAN]);
    expect(await quotaUsage(t.ctx, user.id, 'aigc_check')).toEqual({ used: 1, reserved: 0 });

    // The rewrite is re-scored by the service too (the demo rewrite keeps 模型: still high).
    const rw = (await call<{ rewrite_id: string }>('POST', '/api/v1/aigc/task/rewrite', token, { task_id: id, index: 0 })).body.data
      .rewrite_id;
    expect((await finished(rw, token)).status).toBe('succeeded');
    const [rewrite] = (await call<{ list: AigcRewrite[] }>('GET', `/api/v1/aigc/task/rewriteList?task_id=${id}`, token)).body.data.list;
    expect(rewrite!.result).toMatchObject({ beforeScore: 0.92, afterScore: 0.92, band: 'high' });
  });

  it('a failing service fails the check in Chinese and refunds once', async () => {
    failing = true;
    const { token, user } = await t.loginAs();
    const id = (await call<{ task_id: string }>('POST', '/api/v1/aigc/task/check', token, { text: `${MACHINE}\n${HUMAN}` })).body.data
      .task_id;
    const done = await finished(id, token);
    expect(done).toMatchObject({ status: 'failed', error: AIGC_MSG.detectorFailed });
    expect(await quotaUsage(t.ctx, user.id, 'aigc_check')).toEqual({ used: 0, reserved: 0 });
    // A second terminal transition (a late sweep) neither charges nor refunds again.
    expect(await finishTask(paidEngine(t.ctx), id, { state: 'failed', stage: '失败', error: '失败' }, { by: 'any' })).toBeNull();
    expect(await quotaUsage(t.ctx, user.id, 'aigc_check')).toEqual({ used: 0, reserved: 0 });
  });

  it('paid with points: 10 held at submit, kept on success, given back once on failure', async () => {
    const { token, user } = await t.loginAs();
    await t.ctx.database.db.execute(`UPDATE users SET points = 25 WHERE id = ${user.id}`);
    const balance = async () =>
      ((await t.ctx.database.db.execute(`SELECT points FROM users WHERE id = ${user.id}`)) as unknown as { rows: { points: number }[] })
        .rows[0]!.points;
    failing = false;
    const ok = (
      await call<{ task_id: string }>('POST', '/api/v1/aigc/task/check', token, { text: `${MACHINE}\n${HUMAN}`, usePoints: true })
    ).body.data.task_id;
    expect(await balance()).toBe(15);
    expect((await finished(ok, token)).status).toBe('succeeded');
    expect(await balance()).toBe(15);
    failing = true;
    const bad = (
      await call<{ task_id: string }>('POST', '/api/v1/aigc/task/check', token, { text: `${MACHINE}\n${HUMAN}`, usePoints: true })
    ).body.data.task_id;
    expect((await finished(bad, token)).status).toBe('failed');
    expect(await balance()).toBe(15);
    expect(await quotaUsage(t.ctx, user.id, 'aigc_check')).toEqual({ used: 0, reserved: 0 });
    // Short of points: refused before any task is made.
    await t.ctx.database.db.execute(`UPDATE users SET points = 5 WHERE id = ${user.id}`);
    const short = await call('POST', '/api/v1/aigc/task/check', token, { text: `${MACHINE}\n${HUMAN}`, usePoints: true });
    expect(short.body).toMatchObject({ code: Code.NO_POINTS, msg: MSG.pointsNotEnoughRun(10) });
    expect((await call<{ total: number }>('GET', '/api/v1/aigc/task/list', token)).body.data.total).toBe(2);
  });
});
