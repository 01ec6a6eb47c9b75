import { act, cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '@wanxiang/contract';
import { installJsdomShims } from '../components/testing/jsdom-shims';
import { openGateRefusal } from '../features/chat/gates/quota-gate';
import { useGateStore } from '../features/chat/gates/gate-store';
import { FallbackGates } from './FallbackGates';
import { ToolGates } from './ToolGates';

/** A refusal on a page without its own gate host still opens its dialog, and never two of them. */
function renderWith(pageHost: boolean) {
  installJsdomShims();
  return render(
    <AntApp>
      <MemoryRouter>
        <FallbackGates />
        {pageHost && <ToolGates />}
      </MemoryRouter>
    </AntApp>,
  );
}

afterEach(() => {
  act(() => useGateStore.getState().close());
  cleanup();
});

describe('FallbackGates', () => {
  it('shows the count dialog on a page that hosts none', async () => {
    renderWith(false);
    expect(useGateStore.getState().hosts).toBe(0);
    act(() => void openGateRefusal(Code.NO_COUNT, '次数已用尽', 0));
    expect(await screen.findAllByTestId('gate-body')).toHaveLength(1);
  });

  it('steps aside while a page host is mounted: one dialog, not two', async () => {
    const view = renderWith(true);
    expect(useGateStore.getState().hosts).toBe(1);
    act(() => void openGateRefusal(Code.NO_POINTS, '积分不足，本次生成需要 10 积分', 0));
    expect(await screen.findAllByTestId('gate-body')).toHaveLength(1);
    view.unmount();
    expect(useGateStore.getState().hosts).toBe(0);
  });
});
