import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MSG } from '@wanxiang/contract';
import { Markdown } from './Markdown';

// jsdom has no canvas: a stand-in ECharts records what the block hands it.
const drawn = vi.hoisted(() => ({ options: [] as unknown[], disposed: 0, throwOn: null as string | null }));
vi.mock('echarts', () => ({
  init: () => ({
    setOption(option: { title?: { text?: string } }) {
      if (drawn.throwOn && option.title?.text === drawn.throwOn) throw new Error('bad series type');
      drawn.options.push(option);
    },
    resize() {},
    dispose() {
      drawn.disposed++;
    },
  }),
}));

afterEach(() => {
  cleanup();
  drawn.options = [];
  drawn.disposed = 0;
  drawn.throwOn = null;
});

const option = {
  title: { text: '销量' },
  xAxis: { type: 'category', data: ['一月', '二月'] },
  yAxis: {},
  series: [{ type: 'bar', data: [1, 2] }],
};
const fenced = (body: string, closed = true) => `图表如下：\n\n\`\`\`echarts\n${body}${closed ? '\n```' : ''}`;

describe('```echarts blocks in a reply', () => {
  it('shows the code and a note while the block streams, and draws nothing yet', () => {
    const { container } = render(<Markdown text={fenced(JSON.stringify(option).slice(0, 30), false)} streaming />);
    const chart = container.querySelector('[data-chart-state]');
    expect(chart?.getAttribute('data-chart-state')).toBe('pending');
    expect(container.textContent).toContain(MSG.chartPending);
    expect(container.querySelector('code')?.textContent).toContain('"title"');
    expect(drawn.options).toEqual([]);
  });

  it('draws the chart once the closing fence arrives', async () => {
    const { container, rerender } = render(<Markdown text={fenced(JSON.stringify(option, null, 2), false)} streaming />);
    rerender(<Markdown text={fenced(JSON.stringify(option, null, 2))} streaming={false} />);
    await waitFor(() => expect(container.querySelector('[data-chart-state="ready"]')).not.toBeNull());
    expect(drawn.options).toHaveLength(1);
    expect(drawn.options[0]).toMatchObject({ series: option.series, tooltip: { renderMode: 'richText' } });
  });

  it('shows the code with a Chinese note when the option is not JSON or not drawable', async () => {
    const { container } = render(<Markdown text={fenced("{series: [{type: 'bar'}]}")} />);
    expect(container.querySelector('[data-chart-state]')?.getAttribute('data-chart-state')).toBe('invalid');
    expect(container.textContent).toContain(MSG.chartInvalid);
    expect(container.textContent).toContain("{series: [{type: 'bar'}]}");

    drawn.throwOn = '坏';
    const refused = render(<Markdown text={fenced(JSON.stringify({ ...option, title: { text: '坏' } }))} />);
    await waitFor(() => expect(refused.container.querySelector('[data-chart-state="failed"]')).not.toBeNull());
    expect(refused.container.textContent).toContain(MSG.chartLoadFailed);
    expect(drawn.disposed).toBe(1);
  });

  it('leaves other code blocks as highlighted code', () => {
    const { container } = render(<Markdown text={'```json\n{"a":1}\n```'} />);
    expect(container.querySelector('[data-chart-state]')).toBeNull();
    expect(container.querySelector('pre code')).not.toBeNull();
  });
});
