import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocFileInfo } from '@wanxiang/contract';
import { deleteLibraryDoc, listLibraryDocs, uploadLibraryDoc } from '../../api/doc-library';
import { RequestError } from '../../api/request';
import { fetchTask } from '../../api/tasks';

/** Where a document's indexing task is: its percentage and stage (正在建立索引 120/1701). */
export interface IndexProgress {
  progress: number;
  stage: string;
}

/** While a document is being indexed the list is read again this often (indexing is a task on the server). */
const POLL_MS = 1500;

/**
 * The caller's library as the two pages show it: loaded once, read again while anything is still
 * indexing, with upload and delete that answer the server's refusal text (or '' when it went through).
 */
export function useDocLibrary(enabled: boolean) {
  const [docs, setDocs] = useState<DocFileInfo[]>([]);
  const [loading, setLoading] = useState(true);
  const [progress, setProgress] = useState<Record<string, IndexProgress>>({});
  const alive = useRef(true);

  const refresh = useCallback(async () => {
    try {
      const { list } = await listLibraryDocs();
      if (alive.current) setDocs(list);
      // The indexing tasks' own progress (GET /api/v1/tasks/{id}), shown beside 解析中.
      const running = list.filter((d) => d.status === 'indexing' && d.task_id);
      const found = await Promise.all(
        running.map((d) =>
          fetchTask(d.task_id!).then(
            (t) => [d.file_id, { progress: t.progress, stage: t.stage }] as const,
            () => null,
          ),
        ),
      );
      if (alive.current) setProgress(Object.fromEntries(found.filter((f) => f !== null)));
    } catch {
      // The next poll or action tries again; the list keeps what it had.
    } finally {
      if (alive.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    if (enabled) void refresh();
    else setLoading(false);
    return () => {
      alive.current = false;
    };
  }, [enabled, refresh]);

  const indexing = docs.some((d) => d.status === 'indexing');
  useEffect(() => {
    if (!indexing) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [indexing, refresh]);

  const upload = async (file: File): Promise<{ doc?: DocFileInfo; error: string }> => {
    try {
      const doc = await uploadLibraryDoc(file);
      setDocs((list) => [doc, ...list.filter((d) => d.file_id !== doc.file_id)]);
      return { doc, error: '' };
    } catch (err) {
      return { error: err instanceof RequestError ? err.message : String(err) };
    }
  };

  const remove = async (fileId: string): Promise<string> => {
    try {
      await deleteLibraryDoc(fileId);
      setDocs((list) => list.filter((d) => d.file_id !== fileId));
      return '';
    } catch (err) {
      return err instanceof RequestError ? err.message : String(err);
    }
  };

  return { docs, loading, progress, refresh, upload, remove };
}
