import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { App, Button, Input, Radio, Select, Tag } from 'antd';
import { FileWordOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
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
  type ThesisOutline,
  type ThesisOutlineReq,
} from '@wanxiang/contract';
import { thesisOutlineStreamRequest } from '../../api/thesis';
import { openLoginDialog } from '../../app-events';
import { useAnswerStream } from '../../hooks/useAnswerStream';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useUserStore } from '../../stores/user';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { PointsSwitch } from '../../tools/PointsSwitch';
import { ToolGates } from '../../tools/ToolGates';
import { ToolHeader } from '../../tools/ToolHeader';
import { TaskListPane } from '../../tools/TaskListPane';
import { useTaskList } from '../../tools/useTaskList';
import { useTaskRuns } from '../../tools/useTaskRuns';
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
  const runs = useTaskRuns(THESIS_TASK_TOOL.id, tasks, T.failed);

  const [title, setTitle] = useState('');
  const [field, setField] = useState('');
  const [type, setType] = useState<string>(defaults.type);
  const [length, setLength] = useState<string>(defaults.length);
  const [language, setLanguage] = useState<string>(THESIS_LANGUAGES[0]);
  const [outline, setOutline] = useState<ThesisOutline>(EMPTY);
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
    const inputs = { title: docTitle, field: field.trim(), type, length, language, outline: thesisOutlineMarkdown({ title: docTitle, chapters }) };
    await runs.submit(inputs);
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
              <Button type="primary" size="large" icon={<FileWordOutlined />} loading={runs.submitting} disabled={streaming} onClick={() => void build()} data-testid="thesis-build">
                {runs.submitting ? T.building : T.build}
              </Button>
              <p className={styles.hint}>{T.referencesNote}</p>
            </>
          )}
        </div>
      </section>
      <TaskListPane title={T.history} emptyText={T.emptyHint} tool={CARD_TOOL} loggedIn={loggedIn} tasks={tasks} runs={runs} />
      <ToolGates tool={THESIS_TASK_TOOL} />
    </div>
  );
}
