import { useState } from 'react';
import { errorText } from '../useLoad';

/**
 * The state of one console action: busy while the call runs, and the server's Chinese message when it failed (shown in
 * the action's dialog, which stays open so the admin can correct the input). `run` answers the call's answer, or null
 * when it failed.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <R extends object>(call: () => Promise<R>): Promise<R | null> => {
    setBusy(true);
    setError(null);
    try {
      return await call();
    } catch (err) {
      setError(errorText(err));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, clearError: () => setError(null) };
}
