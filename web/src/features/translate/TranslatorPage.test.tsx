import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG } from '@wanxiang/contract';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { useUserStore } from '../../stores/user';
import TranslatorPage from './TranslatorPage';

/** AI翻译 with the server answered by a fetch stub: the detected language, a run's inputs, the streamed translation, refusals. */
const fetchMock = vi.fn<typeof fetch>();
const sse = (frames: [string, unknown][]) =>
  new Response(frames.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join(''), {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream' },
  });

function renderAt(path: string) {
  installJsdomShims();
  const router = createMemoryRouter([{ path: '*', element: <TranslatorPage /> }], { initialEntries: [path] });
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
}

const runCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/v1/tools/translateCommon/run'));

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  useUserStore.setState({ token: 't', user: { token: 't', id: 1, vip: 0 } as never });
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      sse([
        ['meta', { conversationId: 'r1', messageId: 'r1', model: 'deepseek-v3', demo: false }],
        ['text', { text: 'Wanxiang is ' }],
        ['text', { text: 'a creation platform.' }],
        ['done', { messageId: 'r1' }],
      ]),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  useUserStore.setState({ token: '', user: null });
});

describe('TranslatorPage', () => {
  it('shows the detected language, sends the pair and glossary, and shows the streamed translation', async () => {
    renderAt('/AITranslate/index');
    const source = (await screen.findByTestId('translator-source')) as HTMLTextAreaElement;
    fireEvent.change(source, { target: { value: '万象是一个创作平台。' } });
    expect(screen.getByTestId('translator-detected').textContent).toBe(MSG.translateDetected('中文'));
    fireEvent.click(screen.getByText(MSG.translateGlossary));
    fireEvent.change(await screen.findByTestId('translator-glossary'), { target: { value: '万象=Wanxiang' } });

    fireEvent.click(screen.getByTestId('translator-run'));
    await waitFor(() => expect(screen.getByTestId('translator-target').textContent).toBe('Wanxiang is a creation platform.'));
    expect(runCalls()).toHaveLength(1);
    const body = JSON.parse(String(runCalls()[0]![1]!.body)) as { inputs: Record<string, string> };
    expect(body.inputs).toEqual({ text: '万象是一个创作平台。', from: '自动检测', to: '英语', glossary: '万象=Wanxiang' });
    // The glossary stays for the next visit.
    expect(localStorage.getItem('wx.translate.glossary')).toBe('万象=Wanxiang');
  });

  it('refuses before sending: no text, a wrong glossary line; a prefill link fills the page', async () => {
    renderAt('/AITranslate/index?text=Bonjour&from=fr&to=zh');
    const source = (await screen.findByTestId('translator-source')) as HTMLTextAreaElement;
    expect(source.value).toBe('Bonjour');
    expect(screen.getByTestId('translator-from').textContent).toContain('法语');
    expect(screen.getByTestId('translator-to').textContent).toContain('中文');

    fireEvent.change(source, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('translator-run'));
    expect((await screen.findByTestId('translator-error')).textContent).toBe(MSG.translateTextRequired);

    fireEvent.change(source, { target: { value: 'Bonjour' } });
    fireEvent.click(screen.getByText(MSG.translateGlossary));
    fireEvent.change(await screen.findByTestId('translator-glossary'), { target: { value: '只有术语' } });
    fireEvent.click(screen.getByTestId('translator-run'));
    await waitFor(() => expect(screen.getByTestId('translator-error').textContent).toBe(MSG.translateGlossaryBadLine(1)));
    expect(runCalls()).toHaveLength(0);
  });

  it('swaps the pair and moves the translation into the text box', async () => {
    renderAt('/AITranslate/index');
    const source = (await screen.findByTestId('translator-source')) as HTMLTextAreaElement;
    fireEvent.change(source, { target: { value: '你好' } });
    fireEvent.click(screen.getByTestId('translator-run'));
    await waitFor(() => expect(screen.getByTestId('translator-target').textContent).toBe('Wanxiang is a creation platform.'));
    fireEvent.click(screen.getByTestId('translator-swap'));
    expect(source.value).toBe('Wanxiang is a creation platform.');
    expect(screen.getByTestId('translator-from').textContent).toContain('英语');
    expect(screen.getByTestId('translator-to').textContent).toContain('中文');
  });
});
