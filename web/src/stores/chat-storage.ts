import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * localStorage for the chat store, written at most once per `delayMs`.
 * zustand's persist serializes the whole state on every set; while a reply streams that
 * is 60 sets a second over possibly thousands of messages, which would blow the
 * per-token budget (QUALITY G11). Pending state is flushed when the page hides.
 */
export function throttledStorage<S>(delayMs: number, shrink?: (state: S) => S): PersistStorage<S> & { flush(): void } {
  let pending: { name: string; value: StorageValue<S> } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const write = (name: string, value: StorageValue<S>): void => {
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch {
      // Quota exceeded: keep what matters most rather than nothing.
      if (!shrink) return;
      try {
        localStorage.setItem(name, JSON.stringify({ ...value, state: shrink(value.state) }));
      } catch {
        // still too big: the in-memory state stays usable; nothing more to do
      }
    }
  };

  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const { name, value } = pending;
    pending = null;
    write(name, value);
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
  }

  return {
    flush,
    getItem(name) {
      const raw = localStorage.getItem(name);
      if (!raw) return null;
      try {
        return JSON.parse(raw) as StorageValue<S>;
      } catch {
        return null;
      }
    },
    setItem(name, value) {
      pending = { name, value };
      if (!timer) timer = setTimeout(flush, delayMs);
    },
    removeItem(name) {
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
      localStorage.removeItem(name);
    },
  };
}
