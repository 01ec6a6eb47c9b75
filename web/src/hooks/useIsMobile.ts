import { useSyncExternalStore } from 'react';

/** Below this width the mobile shell (drawer, compact header) is used. */
export const MOBILE_BREAKPOINT_PX = 768;

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

/** Non-hook read, for code outside components (guards computed at navigation time). */
export function isMobileViewport(): boolean {
  const mq = mediaQuery();
  if (mq) return mq.matches;
  return typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX;
}

function subscribe(onChange: () => void): () => void {
  const mq = mediaQuery();
  if (mq) {
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** True when the viewport is narrower than 768 px; follows resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileViewport, () => false);
}
