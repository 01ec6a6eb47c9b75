import { useCallback, useEffect, useRef } from 'react';
import { addLocalSearch } from './history';
import { HISTORY_DEBOUNCE_MS } from './keyword';

/**
 * Saves a search to the local history table 500 ms after it starts (7.1): searches started in
 * quick succession keep only the last one. `onSaved` refreshes the panel.
 */
export function useDebouncedSave(mode: number, onSaved: () => void) {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (query: string, searchid = '') => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        addLocalSearch(query, mode, searchid)
          .then(onSaved)
          .catch(() => undefined);
      }, HISTORY_DEBOUNCE_MS);
    },
    [mode, onSaved],
  );
}
