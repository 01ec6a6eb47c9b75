import { describe, expect, it } from 'vitest';
import { CHART_REFUSED_NOTE } from '@wanxiang/contract';
import { pageBody, pageCss } from './html-page';

const CHART = '<script type="application/json" data-chart>{"series":[{"type":"pie","data":[{"name":"A","value":1}]}]}</script>';

describe('a page answer as shown (数据卡片, 网页设计)', () => {
  it('keeps the layout, turns checked chart blocks into slots and refused ones into a note', () => {
    const bad = '<script type="application/json" data-chart>{"series":[{"type":"bar","data":[1]}],"title":{"text":"<img src=x>"}}</script>';
    const { body, options } = pageBody(`<html><head><title>t</title></head><body><h1 class="t">标题</h1><div class="c">${CHART}</div>${bad}</body></html>`);
    expect(options).toHaveLength(1);
    expect(body).toContain('<h1 class="t">标题</h1>');
    expect(body).toContain('<div data-wx-chart-slot="0"></div>');
    expect(body).toContain(CHART_REFUSED_NOTE);
  });

  it('drops scripts, handlers, links, forms, frames and outside pictures', () => {
    const { body } = pageBody(
      '<body><script>alert(1)</script><p onclick="x()">文字</p><a href="https://evil.example">链接</a><img src="https://evil.example/p.png"><form action="/x"><input></form><iframe src="/"></iframe><div style="background:url(https://evil.example/t.png)">块</div></body>',
    );
    expect(body).not.toMatch(/script|onclick|evil\.example|<img|<form|<input|<iframe|href/);
    expect(body).toContain('<p>文字</p>');
    expect(body).toContain('链接');
    expect(body).toContain('块');
  });

  it('keeps the page CSS without outside loads', () => {
    const css = pageCss('<style>@import url("https://cdn.example/x.css");h1{color:red;background:url(https://evil.example/a.png)}</style><style>p{margin:0}</style>');
    expect(css).not.toMatch(/@import|evil|cdn/);
    expect(css).toContain('h1{color:red;background:none}');
    expect(css).toContain('p{margin:0}');
  });
});
