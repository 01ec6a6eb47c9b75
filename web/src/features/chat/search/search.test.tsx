import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type InternetSource } from '@wanxiang/contract';
import { installJsdomShims } from '../../../components/testing/jsdom-shims';
import { useChatStore } from '../../../stores/chat';
import { selectCurrentMessages } from '../../../stores/chat-selectors';
import { useChatExtras } from '../../../stores/chat-extras';
import { runChat } from '../chat-runner';
import { SearchSources } from './SearchSources';
import { isNetworkedModel, pickerLabel, pickSource } from './search-rules';

const SOURCES: InternetSource[] = [
  { key: 'all', label: '综合搜索', icon: 'global', description: '汇总', enabled: true },
  { key: 'scholar', label: '学术论文', icon: 'experiment', description: '暂未开放', enabled: false },
];

describe('search picker rules', () => {
  it('picking a source switches search on, 不启用 switches it off', () => {
    expect(pickSource('all', SOURCES, 0)).toEqual({ ok: true, key: 'all', msg: MSG.searchSwitchedOn('综合搜索') });
    expect(pickSource('', SOURCES, 0)).toEqual({ ok: true, key: '', msg: MSG.searchSwitchedOff });
  });

  it('refuses a source while attachments are present, and a disabled or unknown one', () => {
    expect(pickSource('all', SOURCES, 1)).toEqual({ ok: false, msg: MSG.searchWithAttachments });
    expect(pickSource('scholar', SOURCES, 0)).toEqual({ ok: false, msg: MSG.searchSourceUnavailable });
    expect(pickSource('gone', SOURCES, 0)).toEqual({ ok: false, msg: MSG.searchSourceUnavailable });
    // Switching off is always allowed.
    expect(pickSource('', SOURCES, 3).ok).toBe(true);
  });

  it('labels the button with the chosen source, and knows networked models by internetModelType', () => {
    expect(pickerLabel('all', SOURCES)).toBe('综合搜索');
    expect(pickerLabel('', SOURCES)).toBe(MSG.searchToolLabel);
    expect(pickerLabel('gone', SOURCES)).toBe(MSG.searchToolLabel);
    expect(isNetworkedModel({ internetModelType: 'search' })).toBe(true);
    expect(isNetworkedModel({ internetModelType: '' })).toBe(false);
    expect(isNetworkedModel(undefined)).toBe(false);
  });
});

describe('SearchSources', () => {
  beforeAll(() => installJsdomShims());
  afterEach(cleanup);

  it('shows the searching phase with the query', () => {
    render(<SearchSources search={{ query: '今日新闻', sources: [], done: false }} streaming />);
    expect(screen.getByTestId('search-running').textContent).toContain(MSG.searchRunning('今日新闻'));
  });

  it('lists the numbered sources as links opening in a new tab without opener or referrer', () => {
    const sources = [
      { title: '第一篇', href: 'https://a.example/1' },
      { title: '第二篇', href: 'https://b.example/2' },
    ];
    render(<SearchSources search={{ query: 'q', sources, done: true }} streaming={false} />);
    expect(screen.getByText(MSG.searchRead(2))).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://a.example/1', 'https://b.example/2']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links[0]!.textContent).toContain('[1]');
    expect(links[1]!.textContent).toContain('[2]第二篇');
  });

  it('says so when no page was found', () => {
    render(<SearchSources search={{ query: 'q', sources: [], done: true }} streaming={false} />);
    expect(screen.getByTestId('search-empty').textContent).toBe(MSG.searchNoResult);
  });
});

describe('runChat with web search', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    useChatStore.getState().clearAll();
    useChatExtras.setState({ internet: '', attachments: [] });
  });

  it('sends the picked source and records the search phase then the sources on the reply', async () => {
    useChatExtras.getState().setInternet('all');
    const frames: [string, unknown][] = [
      ['meta', { conversationId: 'c', messageId: 'm', model: 'v35' }],
      ['search', { query: '天气' }],
      ['search_read', { sources: [{ title: '天气预报', href: 'https://w.example/' }] }],
      ['text', { text: '晴 [1]' }],
      ['done', { messageId: 'm' }],
    ];
    const body = frames.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join('');
    const fetchFn = vi.fn(async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    vi.stubGlobal('fetch', fetchFn);
    await runChat(
      { sessionId: useChatStore.getState().currentId, model: 'v35', prompt: '天气' },
      {
        onRefusal: () => undefined,
        onNoCount: () => undefined,
        onDone: () => undefined,
      },
    );
    const sent = JSON.parse(String((fetchFn.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(sent.internet).toBe('all');
    const reply = selectCurrentMessages(useChatStore.getState())[1]!;
    expect(reply.search).toEqual({ query: '天气', sources: [{ title: '天气预报', href: 'https://w.example/' }], done: true });
    expect(reply.message).toBe('晴 [1]');
    // The source stays picked for the next question (only attachments are per question).
    expect(useChatExtras.getState().internet).toBe('all');
  });
});
