import { describe, expect, it } from 'vitest';
import { checkChartBlocks, checkChartOption, CHART_OPTION_MAX_CHARS } from './chart-check';

const BAR = { title: { text: '销售额' }, xAxis: { type: 'category', data: ['1月', '2月'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [120, 132] }] };

const refusal = (v: unknown) => {
  const r = checkChartOption(v);
  return r.ok ? null : r.reason;
};

describe('chart option whitelist', () => {
  it('keeps a plain option of each allowed type, as object or JSON text', () => {
    expect(checkChartOption(BAR)).toEqual({ ok: true, option: BAR });
    expect(checkChartOption(JSON.stringify(BAR)).ok).toBe(true);
    for (const type of ['line', 'pie', 'scatter', 'radar', 'funnel', 'gauge']) expect(checkChartOption({ series: [{ type, data: [1] }] }).ok).toBe(true);
    // A formatter template without HTML is data, not code.
    expect(checkChartOption({ ...BAR, tooltip: { formatter: '{b}: {c} 元' } }).ok).toBe(true);
  });

  it('refuses function text anywhere', () => {
    expect(refusal({ ...BAR, tooltip: { formatter: 'function (p) { return p.name }' } })).toBe('图表中不能包含函数或脚本');
    expect(refusal({ ...BAR, yAxis: { axisLabel: { formatter: '(v) => v + "元"' } } })).toBe('图表中不能包含函数或脚本');
    expect(refusal({ ...BAR, title: { text: 'javascript:alert(1)' } })).toBe('图表中不能包含函数或脚本');
    expect(refusal({ series: [{ type: 'custom', renderItem: 'x' }] })).toBe('图表类型不在支持范围内');
  });

  it('refuses HTML in strings (formatter templates included)', () => {
    expect(refusal({ ...BAR, tooltip: { formatter: '<img src=x onerror=alert(1)>{b}' } })).toBe('图表中不能包含 HTML');
    expect(refusal({ ...BAR, title: { text: '&lt;script&gt;' } })).toBe('图表中不能包含 HTML');
    expect(refusal({ ...BAR, series: [{ type: 'bar', name: '</div>', data: [1] }] })).toBe('图表中不能包含 HTML');
  });

  it('refuses links, remote images, data views and prototype keys', () => {
    expect(refusal({ ...BAR, title: { text: 'a', link: 'https://example.com' } })).toBe('图表配置不能使用 link');
    expect(refusal({ series: [{ type: 'line', symbol: 'image://https://evil.example/x.png', data: [1] }] })).toBe('图表中不能引用外部图片');
    expect(refusal({ ...BAR, tooltip: { extraCssText: 'x' } })).toBe('图表配置不能使用 extraCssText');
    expect(refusal(JSON.parse('{"series":[{"type":"bar","data":[1],"__proto__":{"x":1}}]}'))).toBe('图表配置不能使用 __proto__');
  });

  it('drops unknown top-level keys (toolbox, graphic) and keeps the chart', () => {
    const r = checkChartOption({ ...BAR, toolbox: { feature: { dataView: {} } }, graphic: [{ type: 'image' }] });
    expect(r.ok && Object.keys(r.option)).toEqual(['title', 'xAxis', 'yAxis', 'series']);
  });

  it('refuses malformed and oversized options', () => {
    expect(refusal('{not json')).toBe('图表配置不是有效的 JSON');
    expect(refusal([])).toBe('图表配置应是一个对象');
    expect(refusal({ title: { text: 'x' } })).toBe('图表配置缺少数据系列');
    expect(refusal({ series: Array.from({ length: 13 }, () => ({ type: 'bar', data: [1] })) })).toBe('数据系列不能超过 12 个');
    expect(refusal({ series: [{ type: 'bar', data: Array.from({ length: 1001 }, () => 1) }] })).toBe('图表中的一组数据不能超过 1000 项');
    expect(refusal({ series: [{ type: 'bar', name: 'x'.repeat(501), data: [1] }] })).toBe('图表中的文字过长');
    expect(refusal('x'.repeat(CHART_OPTION_MAX_CHARS + 1))).toBe('图表配置过大');
    let deep: Record<string, unknown> = { v: 1 };
    for (let i = 0; i < 12; i++) deep = { a: deep };
    expect(refusal({ series: [{ type: 'bar', data: [1], deep }] })).toBe('图表配置嵌套过深');
  });

  it('checks every echarts block of an answer: good ones kept, bad ones replaced by a note', () => {
    const answer = `说明\n\n\`\`\`echarts\n${JSON.stringify(BAR)}\n\`\`\`\n\n中间\n\n\`\`\`echarts\n{"series":[{"type":"bar","data":[1]}],"tooltip":{"formatter":"<b>{c}</b>"}}\n\`\`\`\n\n结尾`;
    const checked = checkChartBlocks(answer);
    expect(checked).toMatchObject({ charts: 1, refused: 1 });
    expect(checked.content).toContain('> 此处的图表未通过安全检查，已移除（图表中不能包含 HTML）。');
    expect(checked.content).not.toContain('<b>');
    expect(checked.content.startsWith('说明')).toBe(true);
    expect(checked.content.endsWith('结尾')).toBe(true);
    const kept = /```echarts\n([\s\S]*?)\n```/.exec(checked.content)![1]!;
    expect(JSON.parse(kept)).toEqual(BAR);
  });
});
