import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (ms epoch), never negative. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * A seconds countdown (SMS resend: 120 s, docs/product/accounts.md §4). Based on an end time, not on counting ticks,
 * so a throttled background tab still shows the right number.
 */
export function useCountdown(): { remaining: number; running: boolean; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);

  const remaining = secondsLeft(endsAt, now);
  return { remaining, running: remaining > 0, start };
}
