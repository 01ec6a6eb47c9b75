import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PRESET_DELAY_MS, presetValue } from './keyword';

/**
 * A search handed over by another page (2.1): the `value` / `keyword` parameter or navigation
 * state {value} fills the box and starts the search after 200 ms, once per page visit.
 */
export function usePresetSearch(start: (q: string) => void, fill: (q: string) => void) {
  const [params] = useSearchParams();
  const location = useLocation();
  const done = useRef<string | null>(null);
  const value = presetValue(params, location.state);
  const startRef = useRef(start);
  startRef.current = start;
  useEffect(() => {
    const key = `${location.key}:${value}`;
    if (!value || done.current === key) return;
    fill(value);
    const t = window.setTimeout(() => {
      done.current = key;
      startRef.current(value);
    }, PRESET_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [value, location.key, fill]);
}
