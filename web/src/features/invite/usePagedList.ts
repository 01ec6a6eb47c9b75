import { useEffect, useState } from 'react';
import type { InvitePage } from '@wanxiang/contract';

/** Rows per page of the invitation and cash-out lists. */
export const LIST_ROWS = 10;

/**
 * One page of a paged list (invitees, cash-out orders), reloaded when the page changes; an
 * answer that arrives after the page moved on is dropped. Errors were already shown by the
 * request layer, so the list just stays as it was.
 */
export function usePagedList<T>(load: (page: number, rows: number) => Promise<InvitePage<T>>) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<InvitePage<T> | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    load(page, LIST_ROWS)
      .then((d) => live && setData(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [load, page]);

  return { page, setPage, data, loading };
}
