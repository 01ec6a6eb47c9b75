import { useCallback, useEffect, useRef, useState } from 'react';
import { isTerminalTaskState, type TaskInfo } from '@wanxiang/contract';
import { fetchTask, fetchTasks } from '../api/tasks';
import { mergeTask, watchTask } from './task-watch';

export interface TaskList {
  list: TaskInfo[];
  total: number;
  loading: boolean;
  hasMore: boolean;
  loadMore: () => Promise<void>;
  /** A task just submitted (or retried): shown at the top and followed. */
  add: (taskId: string) => Promise<void>;
  /** A new state the page learned itself (after cancel). */
  update: (task: TaskInfo) => void;
}

/**
 * The user's tasks of one tool, newest first, from the server (so a closed tab loses nothing),
 * with every unfinished one followed live until it ends.
 */
export function useTaskList(toolId: string, loggedIn: boolean): TaskList {
  const [list, setList] = useState<TaskInfo[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const watching = useRef(new Map<string, AbortController>());

  const update = useCallback((task: TaskInfo) => setList((l) => mergeTask(l, task)), []);

  const follow = useCallback(
    (task: TaskInfo) => {
      if (isTerminalTaskState(task.status) || watching.current.has(task.task_id)) return;
      const ctrl = new AbortController();
      watching.current.set(task.task_id, ctrl);
      void watchTask(task.task_id, update, ctrl.signal).finally(() => {
        if (watching.current.get(task.task_id) === ctrl) watching.current.delete(task.task_id);
      });
    },
    [update],
  );

  useEffect(() => {
    const watches = watching.current;
    return () => {
      for (const c of watches.values()) c.abort();
      watches.clear();
    };
  }, []);

  useEffect(() => {
    if (!loggedIn) {
      setList([]);
      setTotal(0);
      return;
    }
    let live = true;
    setLoading(true);
    fetchTasks(toolId, 1)
      .then((res) => {
        if (!live) return;
        setList(res.list);
        setTotal(res.total);
        setPage(1);
        res.list.forEach(follow);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [toolId, loggedIn, follow]);

  const loadMore = useCallback(async () => {
    setLoading(true);
    try {
      const res = await fetchTasks(toolId, page + 1);
      setList((prev) => [...prev, ...res.list.filter((t) => !prev.some((p) => p.task_id === t.task_id))]);
      setTotal(res.total);
      setPage(page + 1);
      res.list.forEach(follow);
    } catch {
      // keep what is shown
    } finally {
      setLoading(false);
    }
  }, [toolId, page, follow]);

  const add = useCallback(
    async (taskId: string) => {
      try {
        const task = await fetchTask(taskId);
        update(task);
        setTotal((t) => t + 1);
        follow(task);
      } catch {
        // The events will not come either; the list shows it on the next visit.
      }
    },
    [update, follow],
  );

  return { list, total, loading, hasMore: list.length < total, loadMore, add, update };
}
