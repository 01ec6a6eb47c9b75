import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { App, Button, Empty, Input, Radio, Select, Spin, Tag } from 'antd';
import { FileWordOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  MSG,
  outlineChapters,
  parseThesisOutline,
  THESIS_FIELD_MAX,
  THESIS_LANGUAGES,
  THESIS_LENGTHS,
  THESIS_MSG as T,
  THESIS_PAGE_DEFAULTS,
  THESIS_TASK_TOOL,
  THESIS_TITLE_MAX,
  THESIS_TYPES,
  thesisOutlineMarkdown,
  toolByPath,
  type TaskInfo,
  type ThesisOutline,
  type ThesisOutlineReq,
} from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { cancelTask, fetchTask, retryTask } from '../../api/tasks';
import { thesisOutlineStreamRequest } from '../../api/thesis';
import { submitToolTask } from '../../api/tools';
import { openLoginDialog } from '../../app-events';
import { useAnswerStream } from '../../hooks/useAnswerStream';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useChatExtras } from '../../stores/chat-extras';
import { useUserStore } from '../../stores/user';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { PointsSwitch } from '../../tools/PointsSwitch';
import { handleRunRefusal } from '../../tools/refusals';
import { TaskCard } from '../../tools/TaskCard';
import { ToolGates } from '../../tools/ToolGates';
import { ToolHeader } from '../../tools/ToolHeader';
import { useTaskList } from '../../tools/useTaskList';
import toolStyles from '../../tools/tools.module.css';
import { OutlineEditor } from './OutlineEditor';
import { editOutline, type OutlineEdit } from './outline-edit';
import styles from './thesis.module.css';

const EMPTY: ThesisOutline = { title: '', chapters: [] };
/** The task cards summarise the title and options, not the whole outline. */
const CARD_TOOL = { ...THESIS_TASK_TOOL, fields: THESIS_TASK_TOOL.fields.filter((f) => f.name !== 'outline') };

type PageId = keyof typeof THESIS_PAGE_DEFAULTS;
const pageIdOf = (path: string): PageId => {
  const id = toolByPath(path)?.id;
  return id === 'AiLongThesis' || id === 'AiWriting' ? id : 'thesis';
};

/**
 * AI论文 / 万字长文 / AI写作 (one flow; the paths differ in their defaults): the title and its
 * options -> an outline streamed by the model (POST /api/v1/thesis/outline) -> edited by the user
 * (chapters and sections added, removed, renamed, reordered) -> the task tool thesisDocx writes
 * the document chapter by chapter (progress by chapter on the task card) -> DOCX and PDF to download.
 */
export default function ThesisPage() {
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const pageId = pageIdOf(pathname);
  const defaults = THESIS_PAGE_DEFAULTS[pageId];
  const entry = toolByPath(pathname) ?? toolByPath('/doc/thesis')!;
  const loggedIn = useUserStore((s) => !!s.user);
  const tasks = useTaskList(THESIS_TASK_TOOL.id, loggedIn);

  const [title, setTitle] = useState('');
  const [field, setField] = useState('');
  const [type, setType] = useState<string>(defaults.type);
  const [length, setLength] = useState<string>(defaults.length);
  const [language, setLanguage] = useState<string>(THESIS_LANGUAGES[0]);
  const [outline, setOutline] = useState<ThesisOutline>(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const [acting, setActing] = useState<string | null>(null);
  const stream = useAnswerStream();
  const streaming = stream.running;

  // Another path of the same page: its defaults.
  useEffect(() => {
    setType(defaults.type);
    setLength(defaults.length);
  }, [defaults]);

  // The streamed markdown fills the outline as it arrives; the user edits it once the stream ends.
  const streamed = stream.state;
  useEffect(() => {
    if (streamed.status !== 'idle' && streamed.text) setOutline(parseThesisOutline(streamed.text));
  }, [streamed.status, streamed.text]);

  const refused = (err: unknown) => {
    if (!(err instanceof RequestError)) return void message.error(T.failed);
    const text = handleRunRefusal(err.code, err.msg);
    if (text) void message.error(text);
  };

  const makeOutline = async () => {
    if (!loggedIn) return openLoginDialog();
    if (!title.trim()) return void message.warning(T.titleRequired);
    setOutline(EMPTY);
    const out = await stream.start(thesisOutlineStreamRequest({ title: title.trim(), field: field.trim() || undefined, type: type as ThesisOutlineReq['type'], length, language: language as ThesisOutlineReq['language'] }));
    if (out.status === 'refused') {
      if (!openGateRefusal(out.error!.code, out.error!.msg)) void message.error(out.error!.msg);
    } else if (out.status === 'failed') void message.error(out.error?.msg || T.failed);
  };

  const build = async () => {
    if (!loggedIn) return openLoginDialog();
    if (streaming) return;
    const chapters = outlineChapters(outline);
    if (!chapters.length) return void message.warning(T.outlineRequired);
    const docTitle = outline.title.trim() || title.trim();
    if (!docTitle) return void message.warning(T.titleRequired);
    setSubmitting(true);
    try {
      const usePoints = useChatExtras.getState().usePoints;
      const inputs = { title: docTitle, field: field.trim(), type, length, language, outline: thesisOutlineMarkdown({ title: docTitle, chapters }) };
      const { task_id } = await submitToolTask(THESIS_TASK_TOOL.id, { inputs, ...(usePoints ? { usePoints } : {}) });
      void message.success(MSG.taskPageSubmitted);
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

  const edit = (e: OutlineEdit) => setOutline((o) => editOutline(o, e));
  const hasOutline = outline.chapters.length > 0 || Boolean(outline.title);
  const typeOptions = useMemo(() => THESIS_TYPES.map((v) => ({ value: v, label: v })), []);

  return (
    <div className={`${toolStyles.page}${mobile ? ` ${toolStyles.mobile}` : ''}`} data-testid="thesis-page" data-page={pageId}>
      <section className={toolStyles.formPane}>
        <ToolHeader tool={entry} />
        <div className={toolStyles.form}>
          <label className={toolStyles.field}>
            <span className={toolStyles.label}>
              <span className={toolStyles.required}>*</span>
              {T.formTitle}
            </span>
            <Input value={title} maxLength={THESIS_TITLE_MAX} showCount placeholder={T.formTitlePlaceholder} onChange={(e) => setTitle(e.target.value)} data-testid="thesis-title" />
          </label>
          <label className={toolStyles.field}>
            <span className={toolStyles.label}>{T.formField}</span>
            <Input value={field} maxLength={THESIS_FIELD_MAX} placeholder={T.formFieldPlaceholder} onChange={(e) => setField(e.target.value)} />
          </label>
          <div className={styles.inline}>
            <label className={toolStyles.field}>
              <span className={toolStyles.label}>{T.formType}</span>
              <Select value={type} options={typeOptions} onChange={setType} aria-label={T.formType} />
            </label>
            <label className={toolStyles.field}>
              <span className={toolStyles.label}>{T.formLength}</span>
              <Select value={length} options={THESIS_LENGTHS.map((l) => ({ value: l.value, label: l.label }))} onChange={setLength} aria-label={T.formLength} />
            </label>
          </div>
          <div className={toolStyles.field}>
            <span className={toolStyles.label}>{T.formLanguage}</span>
            <Radio.Group value={language} onChange={(e) => setLanguage(e.target.value as string)} options={THESIS_LANGUAGES.map((v) => ({ value: v, label: v }))} />
          </div>
          <Button icon={<UnorderedListOutlined />} loading={streaming} onClick={() => void makeOutline()} data-testid="thesis-make-outline">
            {streaming ? T.outlining : hasOutline ? T.remakeOutline : T.makeOutline}
          </Button>

          {hasOutline && (
            <>
              <div className={styles.outlineHead}>
                <h2>
                  {T.outlineHead} {stream.state.meta?.demo && <Tag color="gold">演示</Tag>}
                </h2>
                <p className={styles.hint}>{T.outlineHint}</p>
              </div>
              <OutlineEditor outline={outline} onEdit={edit} readOnly={streaming} />
              <PointsSwitch tool={THESIS_TASK_TOOL} />
              <Button type="primary" size="large" icon={<FileWordOutlined />} loading={submitting} disabled={streaming} onClick={() => void build()} data-testid="thesis-build">
                {submitting ? T.building : T.build}
              </Button>
              <p className={styles.hint}>{T.referencesNote}</p>
            </>
          )}
        </div>
      </section>
      <section className={toolStyles.resultPane}>
        <h2 className={toolStyles.paneTitle}>{T.history}</h2>
        {!loggedIn ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.toolHistoryLoginHint} />
        ) : tasks.list.length === 0 ? (
          tasks.loading ? <Spin /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.emptyHint} />
        ) : (
          <div className={toolStyles.tasks} data-testid="task-list">
            {tasks.list.map((t) => (
              <TaskCard key={t.task_id} task={t} tool={CARD_TOOL} busy={acting === t.task_id} onCancel={(x) => void cancel(x)} onRetry={(x) => void retry(x)} />
            ))}
            {tasks.hasMore && (
              <Button block type="link" loading={tasks.loading} onClick={() => void tasks.loadMore()}>
                {MSG.toolHistoryMore}
              </Button>
            )}
          </div>
        )}
      </section>
      <ToolGates tool={THESIS_TASK_TOOL} />
    </div>
  );
}
