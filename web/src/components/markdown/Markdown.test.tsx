import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { GROUP_SIZE, Markdown } from './Markdown';

afterEach(cleanup);

function allAttributes(root: Element): string[] {
  return [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => `${a.name}=${a.value}`));
}

describe('Markdown sanitization', () => {
  const hostile = [
    'Hello <script>window.__pwned = 1</script>',
    '',
    '<img src="x" onerror="window.__pwned = 2">',
    '',
    '[click me](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=)',
    '',
    '<a href="javascript:alert(2)">raw link</a> <iframe src="https://evil.example"></iframe>',
    '',
    '<div onclick="alert(3)" style="position:fixed">overlay</div>',
    '',
    '![pic](javascript:alert(4))',
  ].join('\n');

  it('renders a reply with script, onerror, javascript: links and iframes inert', () => {
    (window as unknown as { __pwned?: number }).__pwned = undefined;
    const { container } = render(<Markdown text={hostile} />);
    expect(container.querySelector('script, iframe, object, embed, style')).toBeNull();
    const attrs = allAttributes(container);
    expect(attrs.filter((a) => /^on/i.test(a))).toEqual([]);
    expect(attrs.filter((a) => /^style=/.test(a))).toEqual([]);
    expect(attrs.filter((a) => /javascript:|data:text/i.test(a))).toEqual([]);
    for (const img of container.querySelectorAll('img')) expect(img.getAttribute('src') ?? '').not.toMatch(/javascript/i);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // The visible words survive as text.
    expect(container.textContent).toContain('click me');
    expect(container.textContent).toContain('Hello');
  });

  it('opens model links in a new tab without opener', () => {
    const { container } = render(<Markdown text="see [docs](https://example.com/a)" />);
    const a = container.querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://example.com/a');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toContain('noopener');
  });
});

describe('Markdown rendering', () => {
  it('renders GFM tables, highlighted code and math', () => {
    const text = [
      '| 模型 | 厂商 |',
      '| --- | --- |',
      '| DeepSeek | 深度求索 |',
      '',
      '```python',
      'def add(a, b):',
      '    return a + b',
      '```',
      '',
      '质能方程 $E=mc^2$',
      '',
      '$$',
      '\\int_0^1 x\\,dx',
      '$$',
    ].join('\n');
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelectorAll('table td')).toHaveLength(2);
    expect(container.querySelector('th')?.textContent).toBe('模型');
    const code = container.querySelector('pre code');
    expect(code?.className).toContain('hljs');
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('def');
    expect(container.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(2);
    expect(container.querySelector('.katex-display')).not.toBeNull();
  });

  it('leaves code in an unregistered language as plain text', () => {
    const { container } = render(<Markdown text={'```brainfuck\n++[>+<-]\n```'} />);
    expect(container.querySelector('pre code')?.textContent).toBe('++[>+<-]\n');
  });
});

describe('Markdown block groups', () => {
  const paras = (n: number, word = '段落') => Array.from({ length: n }, (_, i) => `${word} ${i}`).join('\n\n');

  it('puts finished blocks in groups, the live tail outside, in order', () => {
    const n = GROUP_SIZE * 2 + 5;
    const { container } = render(<Markdown text={paras(n)} streaming />);
    const root = container.querySelector('.wx-markdown') as HTMLElement;
    const groups = root.querySelectorAll(':scope > .wx-md-group');
    expect(groups).toHaveLength(3);
    expect(groups[0]?.children).toHaveLength(GROUP_SIZE);
    expect(groups[2]?.children).toHaveLength(n - 1 - 2 * GROUP_SIZE);
    expect(root.lastElementChild?.textContent).toBe(`段落 ${n - 1}`);
    expect([...root.querySelectorAll('p')].map((p) => p.textContent)).toEqual(Array.from({ length: n }, (_, i) => `段落 ${i}`));
  });

  it('keeps rendered blocks while the text grows and rebuilds them when it is replaced', () => {
    const { container, rerender } = render(<Markdown text={paras(20)} streaming />);
    const first = container.querySelector('p');
    rerender(<Markdown text={`${paras(20)}\n\nmore`} streaming />);
    expect(container.querySelector('p')).toBe(first);
    expect(container.querySelectorAll('p')).toHaveLength(21);
    rerender(<Markdown text={paras(20, '新')} />);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(Array.from({ length: 20 }, (_, i) => `新 ${i}`));
  });
});
