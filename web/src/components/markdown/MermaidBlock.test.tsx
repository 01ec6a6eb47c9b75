import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { COMFORT_MSG } from '@wanxiang/contract';
import { Markdown } from './Markdown';

afterEach(cleanup);

const fenced = (body: string, closed = true) => `流程如下：\n\n\`\`\`mermaid\n${body}${closed ? '\n```' : ''}`;

// The real Mermaid parses here; jsdom cannot lay out SVG text, so drawing itself is checked in the e2e spec.
describe('```mermaid blocks in a reply', () => {
  it('shows the code with a note while the block streams', () => {
    const { container } = render(<Markdown text={fenced('graph TD\n  A-->B', false)} streaming />);
    const block = container.querySelector('[data-mermaid-state]');
    expect(block?.getAttribute('data-mermaid-state')).toBe('pending');
    expect(block?.textContent).toContain(COMFORT_MSG.mermaidPending);
    expect(block?.querySelector('code')?.textContent).toContain('A-->B');
  });

  it('falls back to the code with a Chinese note on a syntax error', async () => {
    const bad = 'graph TD\n  A--> -->>> [[[';
    const { container } = render(<Markdown text={fenced(bad)} />);
    await waitFor(() => expect(container.querySelector('[data-mermaid-state]')?.getAttribute('data-mermaid-state')).toBe('invalid'), {
      timeout: 15_000,
    });
    const block = container.querySelector('[data-mermaid-state="invalid"]');
    expect(block?.textContent).toContain(COMFORT_MSG.mermaidInvalid);
    expect(block?.querySelector('code')?.textContent).toBe(bad);
    expect(container.querySelector('svg')).toBeNull();
  }, 20_000);

  it('gives other code blocks a copy button that says 已复制', async () => {
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (t: string) => ((copied = t), Promise.resolve()) },
    });
    const { getByTestId } = render(<Markdown text={'```python\nprint("你好")\n```'} />);
    const button = getByTestId('code-copy');
    expect(button.textContent).toBe(COMFORT_MSG.codeCopy);
    button.click();
    await waitFor(() => expect(button.textContent).toBe(COMFORT_MSG.codeCopied));
    expect(copied).toBe('print("你好")');
  });
});
