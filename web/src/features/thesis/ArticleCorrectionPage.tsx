import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { App, Button, Empty, Input, Tag } from 'antd';
import { CheckOutlined, CloseOutlined, CopyOutlined, DownloadOutlined, FileSearchOutlined } from '@ant-design/icons';
import {
  applyCorrections,
  CORRECTION_TEXT_MAX,
  CORRECTION_TYPE_LABELS,
  THESIS_MSG as T,
  toolByPath,
  type Correction,
} from '@wanxiang/contract';
import { saveText } from '../../api/save-file';
import { correctText } from '../../api/thesis';
import { openLoginDialog } from '../../app-events';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useUserStore } from '../../stores/user';
import { runErrorText } from '../../tools/refusals';
import { ToolGates } from '../../tools/ToolGates';
import { ToolHeader } from '../../tools/ToolHeader';
import toolStyles from '../../tools/tools.module.css';
import { acceptedIds, correctionSegments, type Decisions } from './correction-segments';
import styles from './thesis.module.css';

const TYPE_COLORS: Record<Correction['type'], string> = { typo: 'red', grammar: 'orange', punctuation: 'blue', style: 'purple' };

/**
 * 文章检测 (typos, grammar, punctuation) and 文章纠错 (also style): the model's corrections
 * (POST /api/v1/doc/correct, one tool_writing count) shown as a diff over the text; each change is
 * accepted or rejected on its own; the corrected text (accepted changes only) is copied or
 * downloaded as TXT.
 */
export default function ArticleCorrectionPage() {
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const entry = toolByPath(pathname) ?? toolByPath('/doc/articleCorrection')!;
  const mode = entry.id === 'articleCheck' ? 'check' : 'correction';
  const loggedIn = useUserStore((s) => !!s.user);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<{ text: string; corrections: Correction[]; demo: boolean } | null>(null);
  const [decisions, setDecisions] = useState<Decisions>({});
  const [running, setRunning] = useState(false);

  const run = async () => {
    if (!loggedIn) return openLoginDialog();
    if (!text.trim()) return void message.warning(T.checkEmpty);
    setRunning(true);
    try {
      const res = await correctText({ text, mode });
      setChecked({ text, corrections: res.corrections, demo: res.demo });
      setDecisions({});
    } catch (err) {
      const shown = runErrorText(err, T.failed);
      if (shown) void message.error(shown);
    } finally {
      setRunning(false);
    }
  };

  const decide = (id: number, d: 'accepted' | 'rejected') => setDecisions((s) => ({ ...s, [id]: d }));
  const result = useMemo(() => (checked ? applyCorrections(checked.text, checked.corrections, acceptedIds(decisions)) : ''), [checked, decisions]);
  const segments = useMemo(() => (checked ? correctionSegments(checked.text, checked.corrections, decisions) : []), [checked, decisions]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result);
      void message.success(T.copied);
    } catch {
      void message.error(T.failed);
    }
  };

  return (
    <div className={`${toolStyles.page}${mobile ? ` ${toolStyles.mobile}` : ''}`} data-testid="correction-page" data-mode={mode}>
      <section className={toolStyles.formPane}>
        <ToolHeader tool={entry} />
        <div className={toolStyles.form}>
          <label className={toolStyles.field}>
            <span className={toolStyles.label}>
              <span className={toolStyles.required}>*</span>
              {T.checkText}
            </span>
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={T.checkPlaceholder}
              autoSize={{ minRows: 8, maxRows: 20 }}
              maxLength={CORRECTION_TEXT_MAX}
              showCount
              data-testid="correction-text"
            />
          </label>
          <Button type="primary" icon={<FileSearchOutlined />} loading={running} onClick={() => void run()} data-testid="correction-run">
            {running ? T.checkRunning : T.checkRun}
          </Button>
        </div>
      </section>
      <section className={toolStyles.resultPane}>
        {!checked ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.checkPlaceholder} />
        ) : (
          <div className={styles.changes}>
            {checked.demo && <div className={toolStyles.demo}>演示：演示模式只识别常见错别字和重复标点，配置模型厂商密钥后由真实模型检查语法与风格。</div>}
            <div className={styles.paneHead}>
              <h2>{T.changesHead}</h2>
              <span className={styles.hint}>{checked.corrections.length ? T.checkFound(checked.corrections.length) : T.checkNone}</span>
              {checked.corrections.length > 1 && (
                <Button size="small" onClick={() => setDecisions(Object.fromEntries(checked.corrections.map((c) => [c.id, 'accepted'])))}>
                  {T.acceptAll}
                </Button>
              )}
            </div>
            <div className={styles.changes} data-testid="correction-list">
              {checked.corrections.map((c) => {
                const d = decisions[c.id];
                return (
                  <div className={styles.change} key={c.id} data-testid="correction-item" data-decision={d ?? 'open'}>
                    <div className={styles.changeHead}>
                      <span className={styles.changeText}>
                        <Tag color={TYPE_COLORS[c.type]}>{CORRECTION_TYPE_LABELS[c.type]}</Tag>
                        <span className={styles.del}>{c.original}</span> → <span className={styles.ins}>{c.replacement || '（删除）'}</span>
                      </span>
                      <span className={styles.actions}>
                        <Button size="small" type={d === 'accepted' ? 'primary' : 'default'} icon={<CheckOutlined />} onClick={() => decide(c.id, 'accepted')}>
                          {d === 'accepted' ? T.accepted : T.accept}
                        </Button>
                        <Button size="small" type={d === 'rejected' ? 'primary' : 'default'} danger={d === 'rejected'} icon={<CloseOutlined />} onClick={() => decide(c.id, 'rejected')}>
                          {d === 'rejected' ? T.rejected : T.reject}
                        </Button>
                      </span>
                    </div>
                    {c.reason && (
                      <span className={styles.reason}>
                        {T.reason}：{c.reason}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
            <div className={styles.paneHead}>
              <h2>{T.resultHead}</h2>
              <span className={styles.actions}>
                <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
                  {T.copy}
                </Button>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => saveText(result, `${entry.title}-修改后.txt`)} data-testid="correction-download">
                  {T.downloadText}
                </Button>
              </span>
            </div>
            <div className={styles.diff} data-testid="correction-diff">
              {segments.map((s, i) =>
                s.kind === 'same' ? (
                  <span key={i}>{s.text}</span>
                ) : s.decision === 'accepted' ? (
                  <span key={i} className={styles.ins}>
                    {s.replacement}
                  </span>
                ) : s.decision === 'rejected' ? (
                  <span key={i}>{s.original}</span>
                ) : (
                  <span key={i} className={styles.open}>
                    <span className={styles.del}>{s.original}</span>
                    <span className={styles.ins}>{s.replacement}</span>
                  </span>
                ),
              )}
            </div>
            <Input.TextArea value={result} readOnly autoSize={{ minRows: 3, maxRows: 12 }} aria-label={T.resultHead} data-testid="correction-result" />
          </div>
        )}
      </section>
      <ToolGates />
    </div>
  );
}
