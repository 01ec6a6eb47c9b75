import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { LIMITS, STORAGE_KEYS_SHELL, type SiteSearchRes } from '@wanxiang/contract';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { SearchBox } from './SearchBox';

const searchSite = vi.fn<(keyword: string, signal?: AbortSignal) => Promise<SiteSearchRes>>();
vi.mock('../../api/site', () => ({ searchSite: (k: string, s?: AbortSignal) => searchSite(k, s) }));

const DISCOVER: SiteSearchRes = {
  banner: [{ name: 'AI生成PPT', route: '/AiFile/ppt', icon: 'ppt' }],
  icon: [{ name: 'AI文生图', route: '/draw/text2image', icon: 'picture' }],
};

function Where() {
  const { pathname } = useLocation();
  return <div data-testid="where">{pathname}</div>;
}

function renderBox() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <SearchBox />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByLabelText('全局搜索');
}

/** Let pending promise callbacks run (the fake clock does not move for them). */
const flush = () => act(async () => {});

beforeAll(() => installJsdomShims());
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  searchSite.mockReset();
  searchSite.mockImplementation(async (k) =>
    k ? { banner: [], icon: k === 'ppt' ? [{ name: 'AI生成PPT', route: '/AiFile/ppt', icon: 'ppt', desc: '一键生成' }] : [] } : DISCOVER,
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('header search box', () => {
  it('shows recommendations and the ranking on focus, and asks once per settled keyword (500 ms debounce)', async () => {
    const input = renderBox();
    fireEvent.focus(input);
    await flush();
    expect(searchSite).toHaveBeenCalledTimes(1);
    expect(searchSite.mock.calls[0]![0]).toBe('');
    expect(screen.getByText('推荐工具')).toBeTruthy();
    expect(screen.getByTestId('search-ranking').textContent).toContain('AI生成PPT');

    // Typing p, pp, ppt quickly: no call until the input has been still for 500 ms.
    for (const v of ['p', 'pp', 'ppt']) {
      fireEvent.change(input, { target: { value: v } });
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
    }
    expect(searchSite).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(LIMITS.searchDebounceMs);
    });
    await flush();
    expect(searchSite).toHaveBeenCalledTimes(2);
    expect(searchSite.mock.calls[1]![0]).toBe('ppt');
    expect(screen.getByTestId('search-results').textContent).toContain('AI生成PPT');
  });

  it('says so when nothing matches', async () => {
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzz' } });
    await act(async () => {
      vi.advanceTimersByTime(LIMITS.searchDebounceMs);
    });
    await flush();
    expect(screen.getByText('没有找到相关工具，换个关键词试试')).toBeTruthy();
  });

  it('choosing a result opens its route and remembers the keyword; history can be cleared', async () => {
    const input = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ppt' } });
    await act(async () => {
      vi.advanceTimersByTime(LIMITS.searchDebounceMs);
    });
    await flush();
    fireEvent.click(screen.getByRole('option', { name: /AI生成PPT/ }));
    expect(screen.getByTestId('where').textContent).toBe('/AiFile/ppt');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS_SHELL.searchKeywords)!)).toEqual(['ppt']);

    // Back in the box with an empty keyword: the history shows, and 清空 empties it.
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.focus(input);
    await act(async () => {
      vi.advanceTimersByTime(LIMITS.searchDebounceMs);
    });
    await flush();
    expect(screen.getByText('历史搜索')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /清空/ }));
    expect(screen.queryByText('历史搜索')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS_SHELL.searchKeywords)).toBeNull();
  });
});
