import { useEffect, useState } from 'react';

export type Polled<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/**
 * Call `load` now and again every `intervalMs` until `done(value)` or `maxTries` calls; a failed
 * call ends the polling with 'failed'. Re-runs when `key` changes; aborts on unmount.
 */
export function usePolled<T>(key: string, load: (signal: AbortSignal) => Promise<T>, done: (value: T) => boolean, intervalMs: number, maxTries: number): Polled<T> {
  const [polled, setPolled] = useState<Polled<T>>({ state: 'loading' });
  useEffect(() => {
    if (!key) return;
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    setPolled({ state: 'loading' });
    const tick = (): void => {
      tries += 1;
      load(ctrl.signal)
        .then((value) => {
          if (ctrl.signal.aborted) return;
          setPolled({ state: 'ready', value });
          if (!done(value) && tries < maxTries) timer = setTimeout(tick, intervalMs);
        })
        .catch(() => {
          if (!ctrl.signal.aborted) setPolled({ state: 'failed' });
        });
    };
    tick();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
    // load/done are read at each tick; the key alone restarts the polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return polled;
}
