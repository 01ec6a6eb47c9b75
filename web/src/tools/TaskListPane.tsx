import { Button, Empty, Spin } from 'antd';
import { MSG, type ToolSpec } from '@wanxiang/contract';
import { TaskCard } from './TaskCard';
import type { TaskRuns } from './useTaskRuns';
import type { TaskList } from './useTaskList';
import styles from './tools.module.css';

/**
 * The result pane of a task tool: the user's tasks (cards with progress, cancel, retry, results)
 * or the login hint / empty hint, and 加载更多. One component for the generic task page and the
 * pages with their own form (AI论文...), so the list looks and behaves the same everywhere.
 */
export function TaskListPane({
  title,
  emptyText,
  tool,
  loggedIn,
  tasks,
  runs,
}: {
  title: string;
  emptyText: string;
  tool: ToolSpec;
  loggedIn: boolean;
  tasks: TaskList;
  runs: TaskRuns;
}) {
  return (
    <section className={styles.resultPane}>
      <h2 className={styles.paneTitle}>{title}</h2>
      {!loggedIn ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.toolHistoryLoginHint} />
      ) : tasks.list.length === 0 ? (
        tasks.loading ? (
          <Spin />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        )
      ) : (
        <div className={styles.tasks} data-testid="task-list">
          {tasks.list.map((t) => (
            <TaskCard
              key={t.task_id}
              task={t}
              tool={tool}
              busy={runs.acting === t.task_id}
              onCancel={(x) => void runs.cancel(x)}
              onRetry={(x) => void runs.retry(x)}
            />
          ))}
          {tasks.hasMore && (
            <Button block type="link" loading={tasks.loading} onClick={() => void tasks.loadMore()}>
              {MSG.toolHistoryMore}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
