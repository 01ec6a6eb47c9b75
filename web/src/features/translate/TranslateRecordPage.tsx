import { useState } from 'react';
import { App, Button, Dropdown, Modal, Popconfirm, Tabs, Tag } from 'antd';
import { CopyOutlined, DeleteOutlined, DownloadOutlined, EyeOutlined, RedoOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { isTerminalTaskState, MSG, toolById, TRANSLATE_COMMON_ID, type TaskInfo, type ToolRunItem } from '@wanxiang/contract';
import { deleteToolRun, exportToolRun, type ToolExportFormat } from '../../api/tools';
import { cancelTask, retryTask } from '../../api/tasks';
import { RequestError } from '../../api/request';
import { saveBlob } from '../../api/save-file';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useUserStore } from '../../stores/user';
import { copyText } from '../invite/copy-text';
import { TaskCard } from '../../tools/TaskCard';
import { deleteTranslateTask, fetchTranslateRuns, fetchTranslateTasks } from './record-api';
import { RecordList } from './RecordList';
import { TranslateHeading } from './TranslateHeading';
import { usePagedList } from './use-paged-list';
import styles from './translate.module.css';

const PAGE = toolById('translateRecord')!;
const TRANSLATOR_PATH = toolById('aiTranslate')?.paths[0] ?? '/AITranslate/index';
/** Longer texts are not put in a link: 再翻译一次 is offered for texts up to this length. */
const AGAIN_MAX_CHARS = 1_000;

const timeText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('zh-CN', { hour12: false });
};

const pairText = (run: ToolRunItem) => {
  const to = run.inputs.to ?? (run.toolId === 'translateChinese' ? '中文' : run.inputs.direction);
  return [run.inputs.from, to].filter(Boolean).join(' → ');
};

/** The page that translates a run again with its inputs (通用翻译 opens the two-pane translator). */
function againLink(run: ToolRunItem): string | null {
  const text = String(run.inputs.text ?? '');
  if (!text || text.length > AGAIN_MAX_CHARS) return null;
  const tool = toolById(run.toolId);
  if (!tool) return null;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(run.inputs)) q.set(k, String(v));
  return `${run.toolId === TRANSLATE_COMMON_ID ? TRANSLATOR_PATH : tool.paths[0]}?${q.toString()}`;
}

const runKey = (r: ToolRunItem) => r.id;
const taskKey = (t: TaskInfo) => t.task_id;

/**
 * 翻译记录 (/AITranslate/translateRecord): the user's translations, newest first, from the one
 * store each kind already has: text runs (GET /api/v1/tools/runs?group=translate: view, copy,
 * download as Markdown or Word with the AI-content label, delete, translate again) and document
 * and image translations (GET /api/v1/tasks?group=translate: progress, results to download,
 * cancel, retry).
 */
export default function TranslateRecordPage({ title }: { title?: string }) {
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const loggedIn = useUserStore((s) => !!s.user);
  const runs = usePagedList(fetchTranslateRuns, runKey, loggedIn);
  const tasks = usePagedList(fetchTranslateTasks, taskKey, loggedIn);
  const [open, setOpen] = useState<ToolRunItem | null>(null);
  const [busyTask, setBusyTask] = useState<string | null>(null);

  const copy = async (run: ToolRunItem) => {
    if (await copyText(run.content)) void message.success(MSG.copySuccess);
  };

  const download = async (run: ToolRunItem, format: ToolExportFormat) => {
    try {
      const file = await exportToolRun(run.id, format, `${toolById(run.toolId)?.title ?? PAGE.title}.${format}`);
      saveBlob(file.blob, file.name);
    } catch (err) {
      void message.error(err instanceof RequestError && err.msg ? err.msg : MSG.toolAnswerDownloadFailed);
    }
  };

  const remove = async (run: ToolRunItem) => {
    try {
      await deleteToolRun(run.id);
    } catch {
      return;
    }
    runs.drop(run.id);
    if (open?.id === run.id) setOpen(null);
    void message.success(MSG.recordDeleted);
  };

  const taskAction = async (task: TaskInfo, act: (id: string) => Promise<unknown>) => {
    setBusyTask(task.task_id);
    try {
      await act(task.task_id);
      await tasks.reload();
    } catch {
      // the request layer already said why
    } finally {
      setBusyTask(null);
    }
  };

  const removeTask = async (task: TaskInfo) => {
    setBusyTask(task.task_id);
    try {
      await deleteTranslateTask(task.task_id);
      tasks.drop(task.task_id);
      void message.success(MSG.recordDeleted);
    } catch {
      // the request layer already said why
    } finally {
      setBusyTask(null);
    }
  };

  const runRow = (run: ToolRunItem) => {
    const tool = toolById(run.toolId);
    const again = againLink(run);
    return (
      <article key={run.id} className={styles.record} data-testid="record-run" data-tool={run.toolId}>
        <div className={styles.recordHead}>
          <div>
            <Tag color="blue">{tool ? `${tool.icon} ${tool.title}` : run.toolId}</Tag>
            <span className={styles.recordMeta}>
              {pairText(run)} · {timeText(run.createdAt)}
            </span>
          </div>
          <div className={styles.recordActions}>
            <Button size="small" type="text" icon={<EyeOutlined />} onClick={() => setOpen(run)} data-testid="record-open">
              {!mobile && MSG.recordOpen}
            </Button>
            <Button size="small" type="text" icon={<CopyOutlined />} onClick={() => void copy(run)} aria-label={MSG.recordCopy}>
              {!mobile && MSG.recordCopy}
            </Button>
            <Dropdown
              menu={{
                items: [
                  { key: 'md', label: 'Markdown (.md)' },
                  { key: 'docx', label: 'Word (.docx)' },
                ],
                onClick: ({ key }) => void download(run, key as ToolExportFormat),
              }}
            >
              <Button size="small" type="text" icon={<DownloadOutlined />} aria-label={MSG.recordDownload}>
                {!mobile && MSG.recordDownload}
              </Button>
            </Dropdown>
            {again && (
              <Link to={again}>
                <Button size="small" type="text" icon={<RedoOutlined />} aria-label={MSG.recordAgain}>
                  {!mobile && MSG.recordAgain}
                </Button>
              </Link>
            )}
            <Popconfirm title={MSG.recordDeleteConfirm} onConfirm={() => void remove(run)}>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={MSG.recordDelete} data-testid="record-delete" />
            </Popconfirm>
          </div>
        </div>
        <div className={styles.recordText}>{String(run.inputs.text ?? '')}</div>
        <div className={styles.recordResult} data-testid="record-result">
          {run.content}
        </div>
      </article>
    );
  };

  const taskRow = (task: TaskInfo) => {
    const tool = toolById(task.tool);
    if (!tool) return null;
    return (
      <div key={task.task_id} className={styles.recordTask} data-testid="record-task">
        <div className={styles.recordHead}>
          <Tag color="purple">{`${tool.icon} ${tool.title}`}</Tag>
          {isTerminalTaskState(task.status) && (
            <Popconfirm title={MSG.recordDeleteConfirm} onConfirm={() => void removeTask(task)}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={MSG.recordDelete}
                disabled={busyTask === task.task_id}
              />
            </Popconfirm>
          )}
        </div>
        <TaskCard
          task={task}
          tool={tool}
          busy={busyTask === task.task_id}
          onCancel={(t) => void taskAction(t, cancelTask)}
          onRetry={(t) => void taskAction(t, retryTask)}
        />
      </div>
    );
  };

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="translate-record-page">
      <TranslateHeading page={PAGE} title={title}>
        <Link to={TRANSLATOR_PATH}>
          <Button type="primary">{toolById('aiTranslate')?.title ?? 'AI翻译'}</Button>
        </Link>
      </TranslateHeading>
      <Tabs
        items={[
          {
            key: 'text',
            label: `${MSG.recordTabText}${runs.total ? `（${runs.total}）` : ''}`,
            children: <RecordList loggedIn={loggedIn} paged={runs} testId="record-runs" row={runRow} />,
          },
          {
            key: 'files',
            label: `${MSG.recordTabFiles}${tasks.total ? `（${tasks.total}）` : ''}`,
            children: <RecordList loggedIn={loggedIn} paged={tasks} testId="record-tasks" row={taskRow} />,
          },
        ]}
      />
      <Modal
        open={open !== null}
        onCancel={() => setOpen(null)}
        footer={null}
        title={open ? (toolById(open.toolId)?.title ?? PAGE.title) : ''}
        width={mobile ? '100%' : 720}
        destroyOnHidden
      >
        {open && (
          <div data-testid="record-view">
            <div className={styles.recordMeta}>
              {pairText(open)} · {timeText(open.createdAt)}
            </div>
            <div className={styles.fullLabel}>{MSG.recordSource}</div>
            <div className={styles.full}>{String(open.inputs.text ?? '')}</div>
            <div className={styles.fullLabel}>{MSG.recordResult}</div>
            <div className={styles.full}>{open.content}</div>
            <div className={styles.recordActions} style={{ marginTop: 12 }}>
              <Button icon={<CopyOutlined />} onClick={() => void copy(open)}>
                {MSG.recordCopy}
              </Button>
              <Button icon={<DownloadOutlined />} onClick={() => void download(open, 'docx')}>
                Word
              </Button>
              <Button icon={<DownloadOutlined />} onClick={() => void download(open, 'md')}>
                Markdown
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </div>
  );
}
