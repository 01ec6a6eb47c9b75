import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_CONSOLE_MSG as T } from '@wanxiang/contract';
import { RequestError } from '../../api/request';

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  /** The server's Chinese message of the last failure, or a generic one. */
  error: string | null;
  reload(): void;
}

/** The message of a failed console call: the server's own sentence when it sent one. */
export function errorText(err: unknown): string {
  return err instanceof RequestError && err.msg ? err.msg : T.loadFailed;
}

/**
 * Load data for a console page whenever `key` changes (or reload() is called); the previous load is aborted, so a
 * slow answer for an old key never overwrites a newer one. The data of the previous key stays shown while loading.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ data: null, loading: true, error: null });

  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    loadRef.current(ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) setState({ data, loading: false, error: null });
      },
      (err: unknown) => {
        if (!ctrl.signal.aborted) setState((s) => ({ ...s, loading: false, error: errorText(err) }));
      },
    );
    return () => ctrl.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}

/** document.title of a console page. */
export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - ${T.consoleTitle}`;
  }, [title]);
}
