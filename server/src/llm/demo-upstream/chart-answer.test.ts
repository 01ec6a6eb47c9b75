import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../catalog';
import { buildAnswer, buildChartAnswer } from './answer';
import { startDemoUpstream, type DemoUpstream } from './server';

/** The chart model (docs/product/chat.md §9) in demo mode: its system prompt gets a real ```echarts block. */

function echartsBlock(text: string): Record<string, unknown> {
  const m = /```echarts\n([\s\S]*?)\n```/.exec(text);
  expect(m, text).not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, unknown>;
}

describe('demo upstream chart answers', () => {
  let demo: DemoUpstream;
  beforeAll(async () => {
    demo = await startDemoUpstream({ tokenDelayMs: 0 });
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('builds a JSON ECharts option with a series, varying the chart by question', () => {
    const kinds = new Set<string>();
    for (const q of ['近半年销量', '用户增长趋势', '各渠道占比', '成本结构', '月度访问量']) {
      const option = echartsBlock(buildChartAnswer(q));
      const series = option.series as { type: string }[];
      expect(series.length).toBeGreaterThan(0);
      kinds.add(series[0]!.type);
      expect(JSON.stringify(option)).not.toMatch(/function|=>/);
    }
    expect(kinds.size).toBeGreaterThan(1);
    // Other models keep the ordinary demo answer.
    expect(buildAnswer('近半年销量', 'deepseek-chat')).not.toContain('```echarts');
  });

  it('answers the catalog chart model (its system prompt) with a chart', async () => {
    const systemPrompt = loadCatalog().get('echarts')!.systemPrompt!;
    const res = await fetch(`${demo.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'deepseek-chat',
        stream: false,
        messages: [
          { role: 'system', content: systemPrompt },
          { role: 'user', content: '画一张近半年销量的图' },
        ],
      }),
    });
    const json = (await res.json()) as { choices: { message: { content: string } }[] };
    const content = json.choices[0]!.message.content;
    expect(content).toBe(buildChartAnswer('画一张近半年销量的图'));
    expect(echartsBlock(content).series).toBeDefined();
  });
});
