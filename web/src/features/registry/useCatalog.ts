import { useEffect } from 'react';
import { useCatalogStore } from '../../stores/chat-catalog';

/** The chat model catalog for a registry page: loads it once and reports its state. */
export function useCatalog() {
  const status = useCatalogStore((s) => s.status);
  const list = useCatalogStore((s) => s.list);
  const load = useCatalogStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  return { status, list, retry: () => void load(true) };
}
