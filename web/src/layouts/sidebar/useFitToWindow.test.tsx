import { useRef } from 'react';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFitToWindow } from './useFitToWindow';

function Page() {
  const ref = useRef<HTMLElement>(null);
  useFitToWindow(ref);
  return (
    <div data-testid="page">
      <aside ref={ref} data-testid="sidebar" />
      <div data-testid="chat-list" style={{ overflow: 'auto' }} />
    </div>
  );
}

describe('useFitToWindow', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('measures on scrolls that can move the sidebar, not on a chat list scrolling beside it', () => {
    const { getByTestId } = render(<Page />);
    const sidebar = getByTestId('sidebar');
    expect(sidebar.style.getPropertyValue('--wx-sidebar-max-h')).toBe(`${window.innerHeight}px`);

    getByTestId('chat-list').dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(0);

    getByTestId('page').dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(1);
    document.dispatchEvent(new Event('scroll'));
    expect(frames).toHaveLength(1); // one measurement per frame

    vi.spyOn(sidebar, 'getBoundingClientRect').mockReturnValue({ top: 100 } as DOMRect);
    frames[0]?.(0);
    expect(sidebar.style.getPropertyValue('--wx-sidebar-max-h')).toBe(`${Math.max(240, window.innerHeight - 100)}px`);
  });
});
