import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHART_DATA_BLOCK, checkChartOption, checkToolInputs, htmlPageOf, toolById } from '@wanxiang/contract';
import { describe, expect, it } from 'vitest';
import { CHART_PROMPTS } from './prompts-charts';
import { DEMO_ANSWER_MAX_CHARS, type OwnFileReader, type ToolFact } from './types';

const server = (id: string) => CHART_PROMPTS.find((s) => s.id === id)!;
const firstChart = (markdown: string) => {
  const block = /```echarts\n([\s\S]*?)\n```/.exec(markdown);
  if (!block) throw new Error('no echarts block');
  const check = checkChartOption(block[1]!);
  if (!check.ok) throw new Error(check.reason);
  return check.option as { series: { type: string; data: unknown[] }[]; xAxis?: { data: string[] } };
};

function chartDemo(inputs: Record<string, string>) {
  const checked = checkToolInputs(toolById('aiChart')!, inputs);
  if (!checked.ok) throw new Error(checked.msg);
  const facts = server('aiChart').facts!(checked.values, () => 0) as ToolFact[];
  return server('aiChart').demo(checked.values, facts);
}

describe('AI图表 demo answers: a real option of the given data', () => {
  it('draws the pasted CSV as the chosen type with the table numbers', () => {
    const answer = chartDemo({ text: '月份,销售额,成本\n1月,120,80\n2月,132,90', chartType: '折线图', title: '销售' });
    const option = firstChart(answer);
    expect(option.xAxis?.data).toEqual(['1月', '2月']);
    expect(option.series.map((s) => [s.type, s.data])).toEqual([
      ['line', [120, 132]],
      ['line', [80, 90]],
    ]);
    expect(answer).toContain('演示模式');
  });

  it('picks a pie for a few parts of one whole when the type is automatic, radar and gauge when asked', () => {
    expect(firstChart(chartDemo({ text: '渠道\t订单\n线上\t520\n门店\t310', chartType: '自动选择' })).series[0]).toMatchObject({ type: 'pie', data: [{ name: '线上', value: 520 }, { name: '门店', value: 310 }] });
    expect(firstChart(chartDemo({ text: '| 能力 | 小王 |\n| --- | --- |\n| 沟通 | 80 |\n| 技术 | 70 |', chartType: '雷达图' })).series[0]).toMatchObject({ type: 'radar', data: [{ name: '小王', value: [80, 70] }] });
    expect(firstChart(chartDemo({ text: '项目,得分\nA,60\nB,80', chartType: '仪表盘' })).series[0]).toMatchObject({ type: 'gauge', data: [{ value: 70 }] });
  });

  it('still answers a chart (marked as sample data) when only a description is given', () => {
    const checked = checkToolInputs(toolById('aiChart')!, { text: '画一张各季度销售额的柱状图', chartType: '柱状图' });
    if (!checked.ok) throw new Error(checked.msg);
    const facts = server('aiChart').facts!(checked.values, () => 0) as ToolFact[];
    expect(facts[0]!.value).toContain('未识别到表格');
    expect(firstChart(server('aiChart').demo(checked.values, facts)).series[0]!.type).toBe('bar');
  });

  it('saves only checked charts', () => {
    const saved = server('aiChart').finish!('图\n\n```echarts\n{"series":[{"type":"bar","data":[1]}],"title":{"text":"function(){}"}}\n```');
    expect(saved).toContain('未通过安全检查');
    expect(saved).not.toContain('function');
  });
});

describe('数据分析: statistics of the uploaded file, and its demo answer', () => {
  const csv = readFileSync(join(__dirname, '../../test/fixtures/tables/sales.csv'));
  const read: OwnFileReader = async (id) => (id === 'own' ? { name: 'sales.csv', data: csv } : null);
  const values = { data: 'own', text: '各地区差异', depth: '简要' };

  it('hands the model the file size, the computed statistics, a sample and a reference chart', async () => {
    const facts = (await server('aiDataAnalysis').fileFacts!(values, read)) as ToolFact[];
    expect(facts.map((f) => f.label)).toEqual(['文件概况', '各列统计（系统计算，以此为准）', '数据样本（前 15 行）', '系统按数据生成的参考图表（ECharts 配置）']);
    expect(facts[0]!.value).toBe('sales.csv，共 6 行、5 列');
    expect(facts[1]!.value).toContain('| 销售额 | 数值 | 0 | 6 | 760 | 1500 | 1148.33 | 1150 |');
    expect(checkChartOption(facts[3]!.value).ok).toBe(true);
    const demo = server('aiDataAnalysis').demo(values, facts);
    expect([...demo].length).toBeLessThanOrEqual(DEMO_ANSWER_MAX_CHARS);
    expect(demo).toContain('共 6 行、5 列');
    expect(firstChart(demo).series.length).toBeGreaterThan(0);
  });

  it('refuses another user\'s (missing) file and a file that is not CSV/XLSX in Chinese', async () => {
    expect(await server('aiDataAnalysis').fileFacts!({ ...values, data: 'other' }, read)).toEqual({ refusal: '找不到上传的数据文件，请重新上传' });
    const pdf: OwnFileReader = async () => ({ name: 'a.pdf', data: Buffer.from('%PDF-') });
    expect(await server('aiDataAnalysis').fileFacts!(values, pdf)).toEqual({ refusal: '数据分析只支持 CSV 和 XLSX 文件' });
  });

  it('keeps the demo answer within the header limit for a wide table', async () => {
    const header = Array.from({ length: 40 }, (_, i) => `很长的列名称第${i}列`).join(',');
    const row = Array.from({ length: 40 }, (_, i) => String(i * 10)).join(',');
    const wide: OwnFileReader = async () => ({ name: 'wide.csv', data: Buffer.from(`${header}\n${row}\n${row}`) });
    const facts = (await server('aiDataAnalysis').fileFacts!(values, wide)) as ToolFact[];
    expect([...server('aiDataAnalysis').demo(values, facts)].length).toBeLessThanOrEqual(DEMO_ANSWER_MAX_CHARS);
  });
});

describe('数据卡片 and 网页设计 demo answers: a real page of the given data', () => {
  for (const id of ['aiDataCard', 'aiDataWebDesign']) {
    it(`${id}: one self-contained page with the table's figures and a checked chart, within the header limit`, () => {
      const checked = checkToolInputs(toolById(id)!, { text: '季度,营收,客户\nQ1,320,45\nQ2,410,60', title: '年度业绩', theme: '科技深色' });
      if (!checked.ok) throw new Error(checked.msg);
      const answer = server(id).demo(checked.values, []);
      expect([...answer].length).toBeLessThanOrEqual(DEMO_ANSWER_MAX_CHARS);
      const html = htmlPageOf(answer)!;
      expect(html).toContain('<h1>年度业绩</h1>');
      expect(html).toContain('<b>730</b>');
      expect(html).toContain('#0f172a');
      expect(html).not.toMatch(/<script(?![^>]*data-chart)/);
      const charts = [...html.matchAll(CHART_DATA_BLOCK)];
      expect(charts).toHaveLength(1);
      expect(checkChartOption(charts[0]![1]!).ok).toBe(true);
      // The saved answer is the same page: nothing in it fails the server's checks.
      expect(server(id).finish!(answer)).toBe(answer);
    });
  }

  it('a wide table still gives a page within the header limit', () => {
    const header = Array.from({ length: 30 }, (_, i) => `指标名称第${i}项`).join(',');
    const row = Array.from({ length: 30 }, (_, i) => String(i * 1000)).join(',');
    const answer = server('aiDataCard').demo({ text: `${header}\n${row}\n${row}\n${row}`, title: '宽表', theme: '简约商务' }, []);
    expect([...answer].length).toBeLessThanOrEqual(DEMO_ANSWER_MAX_CHARS);
    expect(htmlPageOf(answer)).toContain('data-chart');
  });
});
