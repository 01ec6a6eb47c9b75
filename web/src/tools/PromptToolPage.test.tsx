import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Code, MSG } from '@wanxiang/contract';
import { installJsdomShims } from '../components/testing/jsdom-shims';
import { useGateStore } from '../features/chat/gates/gate-store';
import { useUserStore } from '../stores/user';
import PromptToolPage from './PromptToolPage';

/** The prompt-tool page with the server answered by a fetch stub: examples, a streamed run, a refusal. */
const fetchMock = vi.fn<typeof fetch>();

const sse = (frames: [string, unknown][]) =>
  new Response(frames.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''), {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream' },
  });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderAt(path: string) {
  installJsdomShims();
  const router = createMemoryRouter([{ path: '*', element: <PromptToolPage /> }], { initialEntries: [path] });
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
}

const runCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/run'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useUserStore.setState({ token: 't', user: { token: 't', id: 1, vip: 0 } as never });
  fetchMock.mockImplementation((url) => {
    const u = String(url);
    if (u.includes('/history')) return Promise.resolve(json({ code: 200, msg: 'ok', data: { list: [], total: 0 } }));
    return Promise.resolve(json({ code: 404, msg: 'no' }, 404));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  useGateStore.getState().close();
  useUserStore.setState({ token: '', user: null });
});

describe('PromptToolPage', () => {
  it('an example fills the form; the run sends its inputs and streams the answer with its actions', async () => {
    renderAt('/aiGenerate/aiNaming/');
    expect(await screen.findByRole('heading', { name: 'AI起名' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '咖啡店' }));
    expect((screen.getByLabelText(/起名要求/) as HTMLTextAreaElement).value).toContain('咖啡店');

    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        sse([
          ['meta', { conversationId: '', messageId: 'run-1', model: 'glm_4_flash' }],
          ['text', { text: '## 推荐名字\n\n' }],
          ['text', { text: '- 拾光咖啡' }],
          ['done', { messageId: 'run-1' }],
        ]),
      ),
    );
    fireEvent.click(screen.getByTestId('tool-submit'));
    await waitFor(() => expect(screen.getByTestId('tool-answer').getAttribute('data-state')).toBe('idle'));
    expect(screen.getByText('拾光咖啡')).toBeTruthy();
    const [url, init] = runCalls()[0]!;
    expect(String(url)).toBe('/api/v1/tools/aiNaming/run');
    expect(JSON.parse(String(init?.body))).toEqual({ inputs: { text: '社区里的小咖啡店，主打手冲和安静的阅读角', target: '店铺', count: 6 } });
    expect(screen.getByTestId('tool-download-docx')).toBeTruthy();
    expect(screen.getByTestId('tool-download-md')).toBeTruthy();
    expect(screen.getByTestId('tool-regenerate')).toBeTruthy();
    expect(screen.getByText(MSG.toolAnswerAiNote)).toBeTruthy();
    // The saved run joins the history.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/history')).length).toBeGreaterThan(1));
  }, 30_000);

  it('a blank required field is named and nothing is sent', async () => {
    renderAt('/aiGenerate/aiNaming');
    fireEvent.click(await screen.findByTestId('tool-submit'));
    expect(await screen.findByText(MSG.toolInputRequired('起名要求'))).toBeTruthy();
    expect(runCalls()).toHaveLength(0);
  }, 30_000);

  it('a count refusal before the stream opens the count dialog and shows no error', async () => {
    renderAt('/aiGenerate/aiNaming');
    fireEvent.change(await screen.findByLabelText(/起名要求/), { target: { value: '女孩' } });
    fetchMock.mockImplementationOnce(() => Promise.resolve(json({ code: Code.NO_COUNT, msg: '次数已用尽', data: null })));
    fireEvent.click(screen.getByTestId('tool-submit'));
    await waitFor(() => expect(useGateStore.getState().dialog).toMatchObject({ kind: 'count' }));
    expect(screen.queryByTestId('tool-answer-error')).toBeNull();
  }, 30_000);

  it('an unknown path says the tool does not exist', async () => {
    renderAt('/aiGenerate/noSuchTool');
    expect(await screen.findByText(MSG.toolNotFound)).toBeTruthy();
  });
});
