import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChartOption, type Envelope, type ToolHistoryRes } from '@wanxiang/contract';
import { listeningDemoApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { saveFile } from '../files/service';
import { quotaUsage } from '../quota/service';
import { namesOf, postStream, textOf } from '../chat/testing/sse-client';

/**
 * AI图表 and 数据分析 through a listening server and the demo upstream: the analysis reads the
 * caller's own uploaded CSV (statistics in the streamed answer, a chart that passes the
 * whitelist in the saved run), and refuses another user's file or a file of another type in
 * Chinese before any count is held.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '1', CHAT_HEARTBEAT_MS: '1000' };
const SALES_CSV = readFileSync(join(__dirname, '../../../test/fixtures/tables/sales.csv'));

const chartsOf = (markdown: string) => [...markdown.matchAll(/```echarts\n([\s\S]*?)\n```/g)].map((m) => checkChartOption(m[1]!));

describe.each(testDbKinds())('chart and data tools on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await listeningDemoApp(kind, ENV));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const run = (id: string, body: unknown, token: string) => postStream(base, `/api/v1/tools/${id}/run`, body, token);
  const upload = (userId: number, name: string, body: Buffer) => saveFile(t.ctx, { userId, name, contentType: 'text/csv; charset=utf-8', body, purpose: 'upload' });
  const history = async (id: string, token: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/tools/${id}/history`, headers: { token } })).json<Envelope<ToolHistoryRes>>();

  it('数据分析 streams the statistics of the own CSV with a chart, saved and paid once', async () => {
    const { token, user } = await t.loginAs();
    const file = await upload(user.id, 'sales.csv', SALES_CSV);
    const a = await run('aiDataAnalysis', { inputs: { data: file.id, text: '各地区差异' } }, token);
    await a.finished;
    expect(namesOf(a).at(-1)).toBe('done');
    expect(textOf(a)).toContain('sales.csv，共 6 行、5 列');
    expect(textOf(a)).toContain('| 销售额 | 数值 | 0 | 6 | 760 | 1500 | 1148.33 | 1150 |');
    const saved = (await history('aiDataAnalysis', token)).data.list[0]!;
    expect(saved.inputs).toEqual({ data: file.id, text: '各地区差异', depth: '简要' });
    const charts = chartsOf(saved.content);
    expect(charts.length).toBe(1);
    expect(charts.every((c) => c.ok)).toBe(true);
    expect(await quotaUsage(t.ctx, user.id, 'tool_generate')).toEqual({ used: 1, reserved: 0 });
  });

  it("refuses another user's file and a file that is not CSV/XLSX, in Chinese, charging nothing", async () => {
    const owner = await t.loginAs();
    const other = await t.loginAs();
    const file = await upload(owner.user.id, 'sales.csv', SALES_CSV);
    const stolen = await run('aiDataAnalysis', { inputs: { data: file.id } }, other.token);
    expect(stolen.status).toBe(400);
    expect(stolen.envelope).toMatchObject({ code: 400, msg: '找不到上传的数据文件，请重新上传' });
    const notes = await upload(owner.user.id, 'notes.txt', Buffer.from('月份,销售额\n1月,1'));
    const wrongType = await run('aiDataAnalysis', { inputs: { data: notes.id } }, owner.token);
    expect(wrongType.envelope).toMatchObject({ code: 400, msg: '数据分析只支持 CSV 和 XLSX 文件' });
    const headerOnly = await upload(owner.user.id, 'empty.csv', Buffer.from('月份,销售额\n'));
    const empty = await run('aiDataAnalysis', { inputs: { data: headerOnly.id } }, owner.token);
    expect(empty.envelope).toMatchObject({ code: 400, msg: '表格至少需要表头和一行数据' });
    for (const u of [owner, other]) expect(await quotaUsage(t.ctx, u.user.id, 'tool_generate')).toEqual({ used: 0, reserved: 0 });
  });

  it('AI图表 answers a chart of the pasted table that passes the whitelist', async () => {
    const { token } = await t.loginAs();
    const a = await run('aiChart', { inputs: { text: '月份,销售额\n1月,120\n2月,132', chartType: '折线图' } }, token);
    await a.finished;
    const [chart] = chartsOf((await history('aiChart', token)).data.list[0]!.content);
    expect(chart).toMatchObject({ ok: true, option: { series: [{ type: 'line', data: [120, 132] }] } });
  });
});
