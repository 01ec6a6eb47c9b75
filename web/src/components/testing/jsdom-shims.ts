/**
 * Browser APIs antd relies on that jsdom lacks (matchMedia, ResizeObserver). Component tests call
 * installJsdomShims() before rendering; never imported by the app.
 */
export function installJsdomShims(opts: { mobile?: boolean } = {}): void {
  if (typeof window === 'undefined') return;
  window.matchMedia = (query: string) =>
    ({
      // Our only media query is the mobile breakpoint (max-width).
      matches: Boolean(opts.mobile) && query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
  if (typeof window.ResizeObserver === 'undefined') {
    class NoopResizeObserver {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    window.ResizeObserver = NoopResizeObserver;
  }
}
