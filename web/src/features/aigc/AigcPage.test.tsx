import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AIGC_MSG, type AigcReport, type AigcRewrite, type AigcSimilarityReport, type AigcTask, type TaskInfo } from '@wanxiang/contract';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { useUserStore } from '../../stores/user';
import AigcPage from './AigcPage';

/** The AIGC page with the server answered by a fetch stub: a check, its coloured report, a rewrite's diff; the similarity view. */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: 200, msg: 'ok', data });

const AI = '首先，人工智能正在改变教育。此外，资源分配更加公平。综上所述，前景广阔。';
const HUMAN = '昨天我去菜市场买菜，碰到老王在砍价，哈哈。';
const REPORT: AigcReport = {
  mode: 'aigc',
  title: '智能教育',
  detector: 'llm',
  demo: true,
  rate: 62.4,
  band: 'medium',
  chars: 60,
  counts: { high: 1, medium: 0, low: 1 },
  paragraphs: [
    { index: 0, text: '智能教育', score: null, band: null },
    { index: 1, text: AI, score: 0.83, band: 'high' },
    { index: 2, text: HUMAN, score: 0.11, band: 'low' },
  ],
};
const SIMILARITY: AigcSimilarityReport = {
  mode: 'similarity',
  title: '查重',
  demo: false,
  web: true,
  libraryFiles: 1,
  rate: 40,
  band: 'medium',
  chars: 60,
  paragraphs: [{ index: 0, text: AI, similarity: 0.4, band: 'medium' }],
  matches: [
    {
      index: 0,
      passage: '首先，人工智能正在改变教育。',
      source: { kind: 'web', title: '网页甲', href: 'https://example.org/a' },
      sourceText: '人工智能正在改变教育的方方面面',
      overlap: 0.9,
    },
    {
      index: 0,
      passage: '此外，资源分配更加公平。',
      source: { kind: 'web', title: '坏链接', href: 'javascript:alert(1)' },
      sourceText: '资源分配更加公平',
      overlap: 0.8,
    },
  ],
};
const task = (id: string, mode: 'aigc' | 'similarity', report?: AigcReport | AigcSimilarityReport): AigcTask => ({
  task_id: id,
  mode,
  title: report?.title ?? '',
  status: 'succeeded',
  progress: 100,
  stage: '已完成',
  createdAt: '2026-11-26T10:00:00.000Z',
  ...(report
    ? {
        report,
        reportFile: {
          id: 'f'.repeat(32),
          name: '智能教育-AIGC检测报告.pdf',
          url: `/api/v1/files/${'f'.repeat(32)}`,
          contentType: 'application/pdf',
        },
      }
    : {}),
});
const done = (id: string): TaskInfo => ({
  task_id: id,
  tool: 'aigc:check',
  status: 'succeeded',
  progress: 100,
  stage: '已完成',
  inputs: {},
  createdAt: '',
  updatedAt: '',
});
const REWRITE: AigcRewrite = {
  rewrite_id: 'trewrite000001',
  task_id: 'tcheck0000001',
  index: 1,
  status: 'succeeded',
  progress: 100,
  createdAt: '2026-11-26T10:01:00.000Z',
  result: {
    index: 1,
    before: AI,
    after: '人工智能正在改变教育，资源分配也更公平了，我是这么看的。',
    beforeScore: 0.83,
    afterScore: 0.27,
    band: 'low',
    demo: true,
  },
};

let rewritten = false;
const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(part));

function renderAt(path: string) {
  installJsdomShims();
  const router = createMemoryRouter([{ path: '*', element: <AigcPage /> }], { initialEntries: [path] });
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
}

beforeEach(() => {
  rewritten = false;
  vi.stubGlobal('fetch', fetchMock);
  useUserStore.setState({ token: 't', user: { token: 't', id: 1, vip: 0 } as never });
  fetchMock.mockImplementation((url, init) => {
    const u = String(url);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (u.includes('/v1/aigc/files/list')) return Promise.resolve(ok({ list: [] }));
    if (u.includes('/v1/aigc/task/list')) return Promise.resolve(ok({ list: [], total: 0 }));
    if (u.includes('/v1/aigc/task/check'))
      return Promise.resolve(ok({ task_id: body.mode === 'similarity' ? 'tsimil0000001' : 'tcheck0000001' }));
    if (u.includes('/events')) return Promise.resolve(json({ code: 404, msg: 'no' }, 404));
    if (u.includes('/v1/tasks/')) return Promise.resolve(ok(done(u.split('/v1/tasks/')[1]!.split('?')[0]!)));
    if (u.includes('/v1/aigc/task/details'))
      return Promise.resolve(
        ok(u.includes('tsimil') ? task('tsimil0000001', 'similarity', SIMILARITY) : task('tcheck0000001', 'aigc', REPORT)),
      );
    if (u.includes('/v1/aigc/task/rewriteList')) return Promise.resolve(ok({ list: rewritten ? [REWRITE] : [] }));
    if (u.includes('/v1/aigc/task/rewrite')) {
      rewritten = true;
      return Promise.resolve(ok({ rewrite_id: REWRITE.rewrite_id }));
    }
    return Promise.resolve(json({ code: 404, msg: 'no' }, 404));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  useUserStore.setState({ token: '', user: null });
});

describe('AigcPage', () => {
  it('says the figures are estimates, checks a pasted text, colours the report and shows a rewrite as a diff with its new score', async () => {
    renderAt('/aigc/drapAigc');
    expect((await screen.findByTestId('aigc-notice')).textContent).toContain(AIGC_MSG.estimateNotice);
    fireEvent.change(screen.getByTestId('aigc-text'), { target: { value: `智能教育\n${AI}\n${HUMAN}` } });
    fireEvent.click(screen.getByTestId('aigc-start'));

    const report = await screen.findByTestId('aigc-report');
    expect(JSON.parse(String(calls('/v1/aigc/task/check')[0]![1]!.body))).toMatchObject({
      mode: 'aigc',
      text: `智能教育\n${AI}\n${HUMAN}`,
    });
    expect(within(report).getByTestId('aigc-rate').textContent).toBe('62.4%');
    expect(within(report).getByText('演示')).toBeTruthy();
    expect(within(report).getByTestId('aigc-download').textContent).toContain('下载 PDF 报告');
    const paragraphs = within(report).getAllByTestId('aigc-paragraph');
    expect(paragraphs.map((p) => p.getAttribute('data-band'))).toEqual(['none', 'high', 'low']);
    expect(paragraphs[1]!.textContent).toContain('AI 83% · 高');
    expect(paragraphs[0]!.textContent).toContain('过短未检测');

    fireEvent.click(within(paragraphs[1]!).getByTestId('aigc-rewrite-one'));
    const diff = await within(paragraphs[1]!).findByTestId('aigc-diff');
    expect(JSON.parse(String(calls('/v1/aigc/task/rewrite').filter(([url]) => String(url).endsWith('/rewrite'))[0]![1]!.body))).toEqual({
      task_id: 'tcheck0000001',
      index: 1,
    });
    expect(within(diff).getByTestId('aigc-rescore').textContent).toContain('改写后 27% 低');
    expect(diff.querySelector('[class*="del"]')?.textContent).toContain('首先，');
    expect(diff.querySelector('[class*="add"]')).not.toBeNull();
    await waitFor(() => expect(screen.getByText('改写记录（1）')).toBeTruthy());
  });

  it('refuses an empty paste before calling the server', async () => {
    renderAt('/aigc/drapAigc');
    fireEvent.click(await screen.findByTestId('aigc-start'));
    await screen.findByText(AIGC_MSG.textOrFile);
    expect(calls('/v1/aigc/task/check')).toHaveLength(0);
  });

  it('similarity: the matches beside their sources, only http(s) sources as links', async () => {
    renderAt('/aigc/articlePlagiarismChecking');
    expect(await screen.findByText('论文查重（相似度检测）')).toBeTruthy();
    fireEvent.change(screen.getByTestId('aigc-text'), { target: { value: `${AI}\n${HUMAN}` } });
    fireEvent.click(screen.getByTestId('aigc-start'));
    const matches = await screen.findAllByTestId('aigc-match');
    expect(JSON.parse(String(calls('/v1/aigc/task/check')[0]![1]!.body))).toMatchObject({ mode: 'similarity' });
    expect(within(matches[0]!).getByRole('link', { name: '网页甲' }).getAttribute('href')).toBe('https://example.org/a');
    expect(within(matches[1]!).queryByRole('link')).toBeNull();
    expect(matches[1]!.textContent).toContain('坏链接');
  });
});
