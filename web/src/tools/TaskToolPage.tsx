import { useCallback, useRef, useState } from 'react';
import { App, Button, Empty, Result, Spin } from 'antd';
import { useLocation } from 'react-router';
import { MSG, type TaskInfo, type ToolExample, type ToolSpec } from '@wanxiang/contract';
import { RequestError } from '../api/request';
import { cancelTask, fetchTask, retryTask } from '../api/tasks';
import type { MaskFlush } from './fields/MaskField';
import { FIELD_MSG } from './fields/messages';
import { submitToolTask } from '../api/tools';
import { openLoginDialog } from '../app-events';
import { useIsMobile } from '../hooks/useIsMobile';
import { useChatExtras } from '../stores/chat-extras';
import { useUserStore } from '../stores/user';
import { applyExample, prefilledValues, toInputs, validateValues, type FormErrors, type FormValue, type FormValues } from './form-values';
import { PointsSwitch } from './PointsSwitch';
import { handleRunRefusal } from './refusals';
import { TaskCard } from './TaskCard';
import { toolOfPath } from './tool-location';
import { ToolForm } from './ToolForm';
import { ToolGates } from './ToolGates';
import { ToolHeader } from './ToolHeader';
import { useTaskList } from './useTaskList';
import styles from './tools.module.css';

/**
 * The one page of every task tool (kind 'task' in the registry): the form with uploads, then the
 * user's tasks of the tool with live progress and their results. Tasks live on the server, so a
 * closed tab loses nothing: the list comes back with the page.
 */
export default function TaskToolPage() {
  const { pathname } = useLocation();
  const tool = toolOfPath(pathname, 'task');
  if (!tool) return <Result status="404" title={MSG.toolNotFound} />;
  return <TaskToolView key={tool.id} tool={tool} />;
}

function TaskToolView({ tool }: { tool: ToolSpec }) {
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const loggedIn = useUserStore((s) => !!s.user);
  // A link may prefill the form as on the prompt tools' page (never the file fields).
  const { search } = useLocation();
  const [values, setValues] = useState<FormValues>(() => prefilledValues(tool.fields, new URLSearchParams(search)));
  const [errors, setErrors] = useState<FormErrors>({});
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [submitting, setSubmitting] = useState(false);
  const [acting, setActing] = useState<string | null>(null);
  const tasks = useTaskList(tool.id, loggedIn);
  // Mask fields' export-and-upload, run on submit so the mask goes up once, as painted then.
  const flushes = useRef(new Map<string, MaskFlush>());
  const registerFlush = useCallback((name: string, flush: MaskFlush | null) => {
    if (flush) flushes.current.set(name, flush);
    else flushes.current.delete(name);
  }, []);

  const refused = (err: unknown) => {
    if (!(err instanceof RequestError)) return;
    const text = handleRunRefusal(err.code, err.msg);
    if (text) void message.error(text);
  };

  const submit = async () => {
    if (!loggedIn) return openLoginDialog();
    if (Object.values(uploading).some(Boolean)) return void message.warning(MSG.toolFormUploadWait);
    setSubmitting(true);
    let current = values;
    try {
      for (const [name, flush] of flushes.current) current = { ...current, [name]: await flush() };
    } catch (err) {
      setSubmitting(false);
      return void message.error(err instanceof RequestError && err.msg ? err.msg : FIELD_MSG.maskUploadFailed);
    }
    const found = validateValues(tool.fields, current);
    setErrors(found);
    const inputs = toInputs(tool.fields, current);
    if (Object.keys(found).length > 0 || !inputs) return setSubmitting(false);
    try {
      const usePoints = useChatExtras.getState().usePoints;
      const { task_id } = await submitToolTask(tool.id, { inputs, ...(usePoints ? { usePoints } : {}) });
      void message.success(MSG.taskPageSubmitted);
      // Points were taken at submit: the balance shown everywhere follows at once.
      if (usePoints) void useUserStore.getState().refreshUser();
      await tasks.add(task_id);
    } catch (err) {
      refused(err);
    } finally {
      setSubmitting(false);
    }
  };

  const cancel = async (task: TaskInfo) => {
    setActing(task.task_id);
    try {
      await cancelTask(task.task_id);
      void message.success(MSG.taskPageCanceled);
      tasks.update(await fetchTask(task.task_id));
    } catch {
      // the request layer showed the server's words
    } finally {
      setActing(null);
    }
  };

  const retry = async (task: TaskInfo) => {
    setActing(task.task_id);
    try {
      const { task_id } = await retryTask(task.task_id);
      void message.success(MSG.taskPageRetried);
      await tasks.add(task_id);
    } catch (err) {
      refused(err);
    } finally {
      setActing(null);
    }
  };

  const change = (name: string, value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));
  };

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="task-tool-page" data-tool={tool.id}>
      <section className={styles.formPane}>
        <ToolHeader tool={tool} />
        <ToolForm
          tool={tool}
          values={values}
          errors={errors}
          onChange={change}
          onExample={(ex: ToolExample) => {
            setValues(applyExample(tool.fields, ex));
            setErrors({});
          }}
          onSubmit={() => void submit()}
          busy={submitting}
          onUploading={(name, u) => setUploading((s) => ({ ...s, [name]: u }))}
          registerFlush={registerFlush}
          extra={<PointsSwitch tool={tool} />}
        />
      </section>
      <section className={styles.resultPane}>
        <h2 className={styles.paneTitle}>{MSG.taskPageListTitle}</h2>
        {!loggedIn ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.toolHistoryLoginHint} />
        ) : tasks.list.length === 0 ? (
          tasks.loading ? <Spin /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.taskPageListEmpty} />
        ) : (
          <div className={styles.tasks} data-testid="task-list">
            {tasks.list.map((t) => (
              <TaskCard key={t.task_id} task={t} tool={tool} busy={acting === t.task_id} onCancel={(x) => void cancel(x)} onRetry={(x) => void retry(x)} />
            ))}
            {tasks.hasMore && (
              <Button block type="link" loading={tasks.loading} onClick={() => void tasks.loadMore()}>
                {MSG.toolHistoryMore}
              </Button>
            )}
          </div>
        )}
      </section>
      <ToolGates tool={tool} />
    </div>
  );
}
