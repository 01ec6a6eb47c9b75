import { useCallback, useRef, useState } from 'react';
import { musicFormExtra } from '../features/music';
import { Alert, App, Result } from 'antd';
import { useLocation } from 'react-router';
import { MSG, type ToolExample, type ToolSpec } from '@wanxiang/contract';
import { RequestError } from '../api/request';
import type { MaskFlush } from './fields/MaskField';
import { FIELD_MSG } from './fields/messages';
import { openLoginDialog } from '../app-events';
import { useIsMobile } from '../hooks/useIsMobile';
import { useUserStore } from '../stores/user';
import { applyExample, prefilledValues, toInputs, validateValues, type FormErrors, type FormValue, type FormValues } from './form-values';
import { PointsSwitch } from './PointsSwitch';
import { TaskListPane } from './TaskListPane';
import { toolOfPath } from './tool-location';
import { useToolSpec } from './useToolSpec';
import { ToolForm } from './ToolForm';
import { ToolGates } from './ToolGates';
import { ToolHeader } from './ToolHeader';
import { useTaskList } from './useTaskList';
import { useTaskRuns } from './useTaskRuns';
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

function TaskToolView({ tool: bundled }: { tool: ToolSpec }) {
  // The operator's settings over the bundled entry (console 目录配置 → tools): the price shown is the one charged.
  const { tool, disabled } = useToolSpec(bundled);
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const loggedIn = useUserStore((s) => !!s.user);
  // A link may prefill the form as on the prompt tools' page (never the file fields).
  const { search } = useLocation();
  const [values, setValues] = useState<FormValues>(() => prefilledValues(tool.fields, new URLSearchParams(search)));
  const [errors, setErrors] = useState<FormErrors>({});
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const tasks = useTaskList(tool.id, loggedIn);
  const runs = useTaskRuns(tool.id, tasks);
  const { setSubmitting } = runs;
  // Mask fields' export-and-upload, run on submit so the mask goes up once, as painted then.
  const flushes = useRef(new Map<string, MaskFlush>());
  const registerFlush = useCallback((name: string, flush: MaskFlush | null) => {
    if (flush) flushes.current.set(name, flush);
    else flushes.current.delete(name);
  }, []);

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
    await runs.submit(inputs);
  };

  const change = (name: string, value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));
  };

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="task-tool-page" data-tool={tool.id}>
      <section className={styles.formPane}>
        <ToolHeader tool={tool} />
        {disabled && <Alert type="warning" showIcon message={MSG.toolDisabled} data-testid="tool-disabled" />}
        <ToolForm
          tool={tool}
          disabled={disabled}
          values={values}
          errors={errors}
          onChange={change}
          onExample={(ex: ToolExample) => {
            setValues(applyExample(tool.fields, ex));
            setErrors({});
          }}
          onSubmit={() => void submit()}
          busy={runs.submitting}
          onUploading={(name, u) => setUploading((s) => ({ ...s, [name]: u }))}
          registerFlush={registerFlush}
          extra={
            <>
              {musicFormExtra(tool, values, change)}
              <PointsSwitch tool={tool} />
            </>
          }
        />
      </section>
      <TaskListPane title={MSG.taskPageListTitle} emptyText={MSG.taskPageListEmpty} tool={tool} loggedIn={loggedIn} tasks={tasks} runs={runs} />
      <ToolGates tool={tool} />
    </div>
  );
}
