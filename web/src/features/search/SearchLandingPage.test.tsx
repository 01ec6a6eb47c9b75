import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import SearchLandingPage from './SearchLandingPage';

vi.mock('../../api/search', () => ({ hotList: () => Promise.resolve(Array.from({ length: 12 }, (_, i) => `热点${i + 1}`)), detectIntent: vi.fn() }));

beforeAll(() => installJsdomShims());
afterEach(cleanup);

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<SearchLandingPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('SearchLandingPage', () => {
  // The first antd render in jsdom is slow on a busy machine.
  it('mode 1 shows the six tools with 立即体验', { timeout: 30_000 }, async () => {
    renderAt('/aiSearch/searchByhome');
    expect(await screen.findAllByRole('button', { name: '立即体验' }, { timeout: 20_000 })).toHaveLength(6);
  });

  it('mode 2 shows the hot cards, 10 a page', { timeout: 30_000 }, async () => {
    renderAt('/aiSearch/serachnet');
    expect(await screen.findAllByText('热点10', {}, { timeout: 20_000 })).toHaveLength(3);
    expect(screen.queryByText('热点11')).toBeNull();
  });
});
