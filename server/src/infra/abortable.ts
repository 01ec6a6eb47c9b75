/**
 * Cancellation helpers every vendor adapter (images, speech, music, video) uses: the job's own
 * abort is passed through as what it was aborted with, never turned into a vendor error.
 */

/** What the job's signal was aborted with, as something throwable. */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('aborted', 'AbortError');
}

/** Wait `ms`, or throw at once when the job is aborted (a poll never outlives its task). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
