import { useEffect, useState } from 'react';
import { fetchProtectedFile } from '../api/tools';

/**
 * A local address (object URL) for one of the user's stored files: the files routes answer only
 * with the session headers, which an <img> or <video> cannot send. Revoked when no longer shown.
 */
export function useProtectedUrl(url: string | undefined): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url) return;
    const ctrl = new AbortController();
    let objectUrl: string | null = null;
    setState({ src: null, failed: false });
    fetchProtectedFile(url, 'file', ctrl.signal)
      .then(({ blob }) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      ctrl.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}
