import { describe, expect, it } from 'vitest';
import { CHART_DATA_BLOCK, checkHtmlPageAnswer, CHART_REFUSED_NOTE, htmlPageOf } from './html-page';

const page = (body: string) => `设计说明\n\n\`\`\`html\n<!doctype html><html><head><style>h1{color:red}</style></head><body>${body}</body></html>\n\`\`\`\n\n## 使用建议`;

describe('page answers (数据卡片, 网页设计)', () => {
  it('finds the page of an answer, none while the block is incomplete', () => {
    expect(htmlPageOf(page('<h1>标题</h1>'))).toContain('<h1>标题</h1>');
    expect(htmlPageOf('说明\n\n```html\n<html><body>')).toBeNull();
  });

  it('keeps checked chart data blocks and refuses charts with functions or HTML', () => {
    const good = '<script type="application/json" data-chart>{"series":[{"type":"bar","data":[1,2]}],"toolbox":{}}</script>';
    const bad = '<script type="application/json" data-chart>{"series":[{"type":"bar","data":[1]}],"tooltip":{"formatter":"function(p){return p}"}}</script>';
    const saved = checkHtmlPageAnswer(page(`<div>${good}</div><div>${bad}</div>`));
    const blocks = [...saved.matchAll(CHART_DATA_BLOCK)].map((m) => JSON.parse(m[1]!) as unknown);
    expect(blocks).toEqual([{ series: [{ type: 'bar', data: [1, 2] }] }]);
    expect(saved).toContain(CHART_REFUSED_NOTE);
    expect(saved).not.toContain('function');
  });

  it('removes every other script, inline handler and javascript: address, and leaves the rest', () => {
    const saved = checkHtmlPageAnswer(page('<h1 onclick="steal()">标题</h1><script>alert(1)</script><script src="https://cdn.example/echarts.js"></script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>'));
    expect(saved).not.toMatch(/onclick|onerror|alert\(1\)<\/script|cdn\.example|javascript:/);
    expect(saved).toContain('<h1>标题</h1>');
    expect(saved).toContain('<style>h1{color:red}</style>');
    expect(saved.startsWith('设计说明')).toBe(true);
    expect(saved.endsWith('## 使用建议')).toBe(true);
  });
});
