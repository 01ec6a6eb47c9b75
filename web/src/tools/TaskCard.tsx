import { Button, Popconfirm, Progress, Tag } from 'antd';
import { RedoOutlined, StopOutlined } from '@ant-design/icons';
import { MEDIA_PLAIN_EDIT_TOOL_IDS, MSG, PLAIN_CONVERSION_TOOL_IDS, type TaskInfo, type TaskState, type ToolSpec } from '@wanxiang/contract';
import { musicResultView } from '../features/music';
import { summarizeInputs } from './form-values';
import { PublishToSquare } from './PublishToSquare';
import { ResultText } from './ResultText';
import { resultSlots, slotAspect } from './result-slots';
import { TaskResults } from './TaskResults';
import styles from './tools.module.css';

const STATE_VIEW: Record<TaskState, { text: string; color: string }> = {
  queued: { text: MSG.taskPageStateQueued, color: 'default' },
  running: { text: MSG.taskPageStateRunning, color: 'processing' },
  succeeded: { text: MSG.taskPageStateSucceeded, color: 'success' },
  failed: { text: MSG.taskPageStateFailed, color: 'error' },
  canceled: { text: MSG.taskPageStateCanceled, color: 'warning' },
};

const timeText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('zh-CN', { hour12: false });
};

export interface TaskCardProps {
  task: TaskInfo;
  tool: ToolSpec;
  onCancel: (task: TaskInfo) => void;
  onRetry: (task: TaskInfo) => void;
  busy: boolean;
}

/** One task: its state, progress and stage while it runs, its results or error when it ends; cancel or retry. */
export function TaskCard({ task, tool, onCancel, onRetry, busy }: TaskCardProps) {
  const view = STATE_VIEW[task.status];
  const live = task.status === 'queued' || task.status === 'running';
  const summary = task.inputs ? summarizeInputs(tool.fields, task.inputs) : '';
  // Image tools with a count: the pictures' places from the moment the task is submitted.
  const slots = resultSlots(tool, task);
  // A finished picture may go to the square (绘画广场); the server publishes the task's first image.
  const publishable = task.status === 'succeeded' && tool.output === 'image' && (task.result?.files ?? []).some((f) => f.contentType.startsWith('image/'));
  const prompt = typeof task.inputs?.text === 'string' ? task.inputs.text : '';
  return (
    <div className={styles.task} data-testid="task-card" data-state={task.status} data-task={task.task_id}>
      <div className={styles.taskHead}>
        <div>
          <Tag color={view.color}>{view.text}</Tag>
          <span className={styles.taskMeta}>{timeText(task.createdAt)}</span>
          {summary && <span className={styles.taskMeta}> · {summary}</span>}
        </div>
        <div className={styles.taskActions}>
          {publishable && <PublishToSquare taskId={task.task_id} prompt={prompt} />}
          {live && (
            <Popconfirm title={MSG.taskPageCancelConfirm} onConfirm={() => onCancel(task)}>
              <Button size="small" icon={<StopOutlined />} disabled={busy} data-testid="task-cancel">
                {MSG.taskPageCancel}
              </Button>
            </Popconfirm>
          )}
          {(task.status === 'failed' || task.status === 'canceled') && (
            <Button size="small" icon={<RedoOutlined />} disabled={busy} onClick={() => onRetry(task)} data-testid="task-retry">
              {MSG.taskPageRetry}
            </Button>
          )}
        </div>
      </div>
      {live && (
        <>
          <Progress percent={Math.max(0, Math.min(100, Math.round(task.progress)))} status="active" size="small" data-testid="task-progress" />
          {task.stage && <div className={styles.taskMeta} data-testid="task-stage">{task.stage}</div>}
        </>
      )}
      {task.status === 'failed' && <div className={styles.answerError}>{task.error || MSG.taskPageFailedDefault}</div>}
      {/* A text result (反推提示词) is shown as words to copy; its .txt stays among the files below. */}
      {task.status === 'succeeded' && task.result?.text && <ResultText text={task.result.text} markdown={tool.output === 'markdown'} />}
      {slots ? (
        slots.length > 0 && <TaskResults files={task.status === 'succeeded' ? (task.result?.files ?? []) : []} slots={slots} aspect={slotAspect(tool, task)} />
      ) : task.status === 'succeeded' && task.result?.files.length ? (
        (musicResultView(tool, task) ?? <TaskResults files={task.result.files} aiNote={!PLAIN_CONVERSION_TOOL_IDS.has(tool.id) && !MEDIA_PLAIN_EDIT_TOOL_IDS.has(tool.id)} />)
      ) : null}
    </div>
  );
}
