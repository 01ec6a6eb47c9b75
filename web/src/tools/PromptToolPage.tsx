import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Result, Tabs } from 'antd';
import { useLocation } from 'react-router';
import { MSG, type ToolExample, type ToolSpec } from '@wanxiang/contract';
import { exportToolRun, toolRunStream, type ToolExportFormat, type ToolRunItem } from '../api/tools';
import { RequestError } from '../api/request';
import { saveBlob } from '../api/save-file';
import { openLoginDialog } from '../app-events';
import { useAnswerStream } from '../hooks/useAnswerStream';
import { useIsMobile } from '../hooks/useIsMobile';
import { useUserStore } from '../stores/user';
import { AnswerPanel } from './AnswerPanel';
import { applyExample, prefilledValues, prefillFromQuery, toInputs, validateValues, type FormErrors, type FormValue, type FormValues } from './form-values';
import { ModelSwitch } from './ModelSwitch';
import { handleRunRefusal } from './refusals';
import { toolOfPath as toolOf } from './tool-location';
import { useToolSpec } from './useToolSpec';
import { ToolForm } from './ToolForm';
import { ToolGates } from './ToolGates';
import { ToolHeader } from './ToolHeader';
import { ToolHistoryList } from './ToolHistoryList';
import { useToolHistory } from './useToolHistory';
import styles from './tools.module.css';

/**
 * The one page of every prompt tool (kind 'prompt' in the registry): the form drawn from the
 * tool's fields, the answer streamed as markdown with stop, copy, regenerate and downloads, and
 * the user's history of the tool. The route's path names the tool; its query may prefill the form
 * (?docType=工作总结, see prefillFromQuery).
 */
export default function PromptToolPage() {
  const { pathname } = useLocation();
  const tool = toolOf(pathname, 'prompt');
  if (!tool) return <Result status="404" title={MSG.toolNotFound} />;
  // A new tool is a new page: its form, answer and history start afresh.
  return <PromptToolView key={tool.id} tool={tool} />;
}

interface RunRequest {
  inputs: FormValues;
  model: string;
}

function PromptToolView({ tool: bundled }: { tool: ToolSpec }) {
  // The operator's settings over the bundled entry (console 目录配置 → tools): the price shown is the one charged.
  const { tool, disabled } = useToolSpec(bundled);
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const loggedIn = useUserStore((s) => !!s.user);
  const { search } = useLocation();
  const [values, setValues] = useState<FormValues>(() => prefilledValues(tool.fields, new URLSearchParams(search)));
  const [errors, setErrors] = useState<FormErrors>({});
  const [model, setModel] = useState('');
  const [tab, setTab] = useState<'answer' | 'history'>('answer');
  /** A saved run opened from the history (null: the live answer is shown). */
  const [saved, setSaved] = useState<ToolRunItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<ToolExportFormat | null>(null);
  const lastRun = useRef<RunRequest | null>(null);
  const answer = useAnswerStream();
  const history = useToolHistory(tool.id, loggedIn);
  const { reload: reloadHistory } = history;

  // A prefill link to this same tool followed while its page is open keeps the page mounted (same
  // route, same key): it sets the fields it names; what the user typed in the others stays.
  const firstSearch = useRef(search);
  useEffect(() => {
    if (search === firstSearch.current) return;
    firstSearch.current = search;
    const prefill = prefillFromQuery(tool.fields, new URLSearchParams(search));
    if (Object.keys(prefill).length > 0) setValues((v) => ({ ...v, ...prefill }));
  }, [search, tool.fields]);

  const run = useCallback(
    async (req: RunRequest) => {
      if (!useUserStore.getState().user) {
        openLoginDialog();
        return;
      }
      lastRun.current = req;
      setSaved(null);
      setProblem(null);
      setTab('answer');
      const outcome = await answer.start(toolRunStream(tool.id, { inputs: req.inputs, model: req.model || undefined }));
      if ((outcome.status === 'refused' || outcome.status === 'failed') && outcome.error) {
        setProblem(handleRunRefusal(outcome.error.code, outcome.error.msg));
      }
      // A run that delivered text is kept by the server (also when stopped): it joins the history.
      if (outcome.text) void reloadHistory();
    },
    [answer, tool.id, reloadHistory],
  );

  const submit = () => {
    if (!loggedIn) return openLoginDialog();
    const found = validateValues(tool.fields, values);
    setErrors(found);
    const inputs = toInputs(tool.fields, values);
    if (Object.keys(found).length > 0 || !inputs) return;
    void run({ inputs, model });
  };

  const change = (name: string, value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));
  };

  const pickExample = (ex: ToolExample) => {
    setValues(applyExample(tool.fields, ex));
    setErrors({});
  };

  const openSaved = (record: ToolRunItem) => {
    answer.stop();
    setSaved(record);
    setProblem(null);
    setTab('answer');
  };

  const regenerate = () => {
    const req = saved ? { inputs: saved.inputs, model: saved.model } : lastRun.current;
    if (req) void run(req);
  };

  const runId = saved ? saved.id : (answer.state.meta?.messageId ?? null);
  const download = async (format: ToolExportFormat) => {
    if (!runId) return;
    setDownloading(format);
    try {
      const file = await exportToolRun(runId, format, `${tool.title}.${format}`);
      saveBlob(file.blob, file.name);
    } catch (err) {
      void message.error(err instanceof RequestError && err.msg ? err.msg : MSG.toolAnswerDownloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  const remove = async (record: ToolRunItem) => {
    if (await history.remove(record.id)) {
      void message.success(MSG.toolHistoryDeleted);
      if (saved?.id === record.id) setSaved(null);
    }
  };

  const streaming = !saved && answer.running;
  const text = saved ? saved.content : answer.state.text;
  const answerPanel = (
    <>
      {!saved && answer.state.meta?.demo && <div className={styles.demo}>{MSG.toolAnswerDemo}</div>}
      <AnswerPanel
        text={text}
        streaming={streaming}
        error={saved ? null : problem}
        runId={runId}
        stopped={!saved && answer.state.status === 'stopped'}
        mobile={mobile}
        onStop={answer.stop}
        onRegenerate={saved || lastRun.current ? regenerate : null}
        onDownload={(f) => void download(f)}
        downloading={downloading}
        page={tool.output === 'page' ? { title: tool.title } : undefined}
      />
    </>
  );

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="prompt-tool-page" data-tool={tool.id}>
      <section className={styles.formPane}>
        <ToolHeader tool={tool} />
        {disabled && <Alert type="warning" showIcon message={MSG.toolDisabled} data-testid="tool-disabled" />}
        <ToolForm
          tool={tool}
          disabled={disabled}
          values={values}
          errors={errors}
          onChange={change}
          onExample={pickExample}
          onSubmit={submit}
          busy={streaming}
          extra={tool.modelSwitch ? <ModelSwitch value={model} onChange={setModel} disabled={streaming} /> : null}
        />
      </section>
      <section className={styles.resultPane}>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'answer' | 'history')}
          items={[
            { key: 'answer', label: MSG.toolAnswerTitle, children: answerPanel },
            {
              key: 'history',
              label: MSG.toolHistoryTitle,
              children: (
                <ToolHistoryList history={history} fields={tool.fields} loggedIn={loggedIn} activeId={saved?.id ?? null} onOpen={openSaved} onDelete={(r) => void remove(r)} />
              ),
            },
          ]}
        />
      </section>
      <ToolGates />
    </div>
  );
}
