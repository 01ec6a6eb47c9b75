import { useEffect, useState } from 'react';

/** `value`, updated only after it has stayed unchanged for `delayMs` (docs/product/shell-and-navigation.md §9: search debounce 500 ms). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
