import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG } from '@wanxiang/contract';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { useToolSettings } from '../../stores/tool-settings';
import AiApplyPage from './AiApplyPage';
import FunctionHubPage from './FunctionHubPage';

/**
 * The tool grids under the console's tool settings (GET /api/v1/tools/overrides answered by a fetch stub): a switched-off
 * app greyed with 已暂停 and no link, a repriced tool showing the price in force, one settings read per page.
 */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const OVERRIDES = {
  aiNaming: { enabled: false, points: 0, quotaKey: 'tool_generate' },
  text2image: { enabled: true, points: 25, quotaKey: 'draw' },
};

function renderAt(path: string, element: React.ReactNode) {
  installJsdomShims();
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

const overrideReads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/v1/tools/overrides'));
/** The card whose title is exactly `title` (the title is the first text of a span, before its tags). */
const cardOf = (title: string) =>
  screen.getAllByTestId('tool-card').find((c) => [...c.querySelectorAll('span')].some((s) => s.firstChild?.nodeType === Node.TEXT_NODE && s.firstChild.textContent === title))!;

beforeEach(() => {
  useToolSettings.setState({ tools: {}, loadedAt: 0 });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((url) =>
    Promise.resolve(String(url).includes('/v1/tools/overrides') ? json({ code: 200, msg: 'ok', data: { tools: OVERRIDES } }) : json({ code: 404, msg: 'no' })),
  );
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('tool grids follow the console tool settings', () => {
  it('grey a switched-off app with 已暂停 and no link, and leave the others runnable (one settings read)', async () => {
    renderAt('/AIApply', <AiApplyPage />);
    await waitFor(() => expect(cardOf('AI起名').getAttribute('data-disabled')).toBe('1'));
    const naming = cardOf('AI起名');
    expect(naming.tagName).not.toBe('A');
    expect(naming.getAttribute('aria-disabled')).toBe('true');
    expect(naming.getAttribute('title')).toBe(MSG.toolDisabled);
    expect(within(naming).getByTestId('tool-card-paused').textContent).toBe(MSG.toolCardPaused);
    const dream = cardOf('周公解梦');
    expect(dream.tagName).toBe('A');
    expect(dream.getAttribute('href')).toBe('/AIApplyDetail?id=aiDream');
    expect(within(dream).queryByTestId('tool-card-paused')).toBeNull();
    expect(overrideReads()).toHaveLength(1);
  });

  it('show the overridden points price in force on /function, the bundled price where nothing changed', async () => {
    renderAt('/function/image', <FunctionHubPage />);
    await waitFor(() => expect(within(cardOf('文生图')).getByTestId('tool-card-points').textContent).toBe(MSG.toolCardPoints(25)));
    // Untouched draw tools keep the registry's price (10).
    expect(within(cardOf('图生图')).getByTestId('tool-card-points').textContent).toBe(MSG.toolCardPoints(10));
    expect(cardOf('文生图').tagName).toBe('A');
    expect(overrideReads()).toHaveLength(1);
  });
});
