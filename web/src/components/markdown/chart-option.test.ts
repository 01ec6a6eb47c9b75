import { describe, expect, it } from 'vitest';
import { CHART_SOURCE_MAX_CHARS, isFenceClosed, parseChartOption } from './chart-option';

const bar = {
  title: { text: '月度销量' },
  xAxis: { type: 'category', data: ['一月', '二月'] },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: [120, 200] }],
};

describe('parseChartOption', () => {
  it('reads a JSON option with series', () => {
    const res = parseChartOption(JSON.stringify(bar, null, 2));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.option.series).toEqual(bar.series);
    expect(res.option.xAxis).toEqual(bar.xAxis);
    // No tooltip given: one drawn on the canvas is added, never the HTML one.
    expect(res.option.tooltip).toEqual({ renderMode: 'richText' });
  });

  it('accepts a single series object and a timeline baseOption', () => {
    expect(parseChartOption('{"series":{"type":"pie","data":[{"name":"甲","value":1}]}}').ok).toBe(true);
    expect(parseChartOption('{"baseOption":{"series":[{"type":"line"}]},"options":[]}').ok).toBe(true);
  });

  it('says why it cannot draw: empty, not JSON, not an option, too large', () => {
    expect(parseChartOption('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseChartOption('{"series": [')).toEqual({ ok: false, reason: 'json' });
    // JavaScript object literals (what models sometimes write) are not JSON and are never evaluated.
    expect(parseChartOption("{series: [{type: 'bar', data: [1]}]}")).toEqual({ ok: false, reason: 'json' });
    expect(parseChartOption('[1,2,3]')).toEqual({ ok: false, reason: 'shape' });
    expect(parseChartOption('"text"')).toEqual({ ok: false, reason: 'shape' });
    expect(parseChartOption('{"title":{"text":"无数据"}}')).toEqual({ ok: false, reason: 'shape' });
    expect(parseChartOption('{"series":[]}')).toEqual({ ok: false, reason: 'shape' });
    const big = JSON.stringify({ series: [{ type: 'bar', data: Array(CHART_SOURCE_MAX_CHARS).fill(1) }] });
    expect(parseChartOption(big)).toEqual({ ok: false, reason: 'too-large' });
    let deep: unknown = 1;
    for (let i = 0; i < 64; i++) deep = { a: deep };
    expect(parseChartOption(JSON.stringify({ series: [{ type: 'bar' }], deep }))).toEqual({ ok: false, reason: 'shape' });
  });

  it('treats function strings as plain text and neutralises HTML, links and remote images', () => {
    const res = parseChartOption(
      JSON.stringify({
        title: { text: 'x', link: 'javascript:alert(1)', sublink: 'https://example.com/a' },
        tooltip: { trigger: 'axis', formatter: '<img src=x onerror=alert(1)>', extraCssText: 'background:url(//evil)' },
        toolbox: { feature: { dataView: { show: true }, saveAsImage: {} } },
        graphic: [{ type: 'image', style: { image: 'https://tracker.example/p.png' } }],
        series: [
          {
            type: 'scatter',
            symbol: 'image://https://tracker.example/s.png',
            tooltip: { formatter: 'function(p){return p}' },
            data: [[1, 2]],
          },
        ],
      }).replace(/^\{/, '{"__proto__":{"polluted":true},'),
    );
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    interface Neutralised {
      title: unknown;
      tooltip: unknown;
      toolbox: { feature: unknown };
      graphic: { style: unknown }[];
      series: { symbol: string; tooltip: unknown }[];
      polluted?: unknown;
    }
    const o = res.option as unknown as Neutralised;
    expect(o.title).toEqual({ text: 'x', sublink: 'https://example.com/a' });
    expect(o.tooltip).toEqual({ trigger: 'axis', formatter: '<img src=x onerror=alert(1)>', renderMode: 'richText' });
    expect(o.toolbox.feature).toEqual({ saveAsImage: {} });
    expect(o.graphic[0]?.style).toEqual({});
    expect(o.series[0]?.symbol).toBe('circle');
    // A "function" string stays a string: nothing is ever evaluated.
    expect(o.series[0]?.tooltip).toEqual({ formatter: 'function(p){return p}', renderMode: 'richText' });
    expect(Object.hasOwn(o, '__proto__')).toBe(false);
    expect(o.polluted).toBeUndefined();
  });
});

describe('isFenceClosed', () => {
  it('tells a finished fenced block from one still streaming', () => {
    expect(isFenceClosed('```echarts\n{"series":[]}\n```')).toBe(true);
    expect(isFenceClosed('```echarts\n{"series":[]}\n```\n\n')).toBe(true);
    expect(isFenceClosed('````echarts\n{}\n````')).toBe(true);
    expect(isFenceClosed('```echarts\n{"series":[')).toBe(false);
    expect(isFenceClosed('```echarts\n{"series":[]}\n``')).toBe(false);
    expect(isFenceClosed('````echarts\n{}\n```')).toBe(false);
    expect(isFenceClosed('~~~echarts\n{}\n```')).toBe(false);
    expect(isFenceClosed('```echarts')).toBe(false);
  });
});
