import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Collapse, Dropdown, Input, Select, Tooltip } from 'antd';
import { HistoryOutlined, StopOutlined, SwapOutlined, TranslationOutlined, DownOutlined, CloseOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { charCount, MSG, toolById, TOOLS, TRANSLATE_AUTO, TRANSLATE_COMMON_ID, TRANSLATE_TEXT_MAX } from '@wanxiang/contract';
import { toolRunStream } from '../../api/tools';
import { openLoginDialog } from '../../app-events';
import { useAnswerStream } from '../../hooks/useAnswerStream';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useUserStore } from '../../stores/user';
import { CopyButton } from '../chat/CopyButton';
import { handleRunRefusal } from '../../tools/refusals';
import { ToolGates } from '../../tools/ToolGates';
import { TranslateHeading } from './TranslateHeading';
import {
  effectivePair,
  glossaryCount,
  glossaryProblem,
  prefillOf,
  runInputs,
  SOURCE_CHOICES,
  swapPair,
  TARGET_CHOICES,
  type TranslatorPair,
} from './translator-state';
import styles from './translate.module.css';

const TOOL = toolById(TRANSLATE_COMMON_ID)!;
const PAGE = toolById('aiTranslate')!;
const RECORD_PATH = toolById('translateRecord')?.paths[0] ?? '/AITranslate/translateRecord';
/** The user's glossary stays in this browser between visits (terms are reused run after run). */
const GLOSSARY_KEY = 'wx.translate.glossary';
/** The other translation tools, for the 更多翻译工具 menu. */
const OTHER_TOOLS = TOOLS.filter((t) => t.group === 'translate' && t.kind !== 'page' && t.id !== TRANSLATE_COMMON_ID);

const readGlossary = () => {
  try {
    return localStorage.getItem(GLOSSARY_KEY) ?? '';
  } catch {
    return '';
  }
};

/**
 * AI翻译 (/AITranslate/index): a two-pane translator in the manner of DeepL and Google — the
 * language pair with 自动检测 (the detected language shown as you type) and swap, the text on the
 * left, the translation streaming on the right with stop and copy, a glossary of 术语=译文 lines
 * under them. Every run is a 通用翻译 (translateCommon) run through the tool run API: the same
 * prompt, count (translate_text) and history (翻译记录) as the tool's own form.
 */
export default function TranslatorPage({ title }: { title?: string }) {
  const mobile = useIsMobile();
  const loggedIn = useUserStore((s) => !!s.user);
  const { search } = useLocation();
  const prefill = useMemo(() => prefillOf(search), [search]);
  const [text, setText] = useState(prefill.text ?? '');
  const [pair, setPair] = useState<TranslatorPair>({ from: prefill.pair?.from ?? TRANSLATE_AUTO, to: prefill.pair?.to ?? '英语' });
  const [glossary, setGlossary] = useState(() => prefill.glossary ?? readGlossary());
  const [problem, setProblem] = useState<string | null>(null);
  const answer = useAnswerStream();
  const lastSource = useRef('');

  useEffect(() => {
    try {
      localStorage.setItem(GLOSSARY_KEY, glossary);
    } catch {
      // private mode: the glossary lives for this visit only
    }
  }, [glossary]);

  const shown = effectivePair(text, pair);
  const count = charCount(text);
  const tooLong = count > TRANSLATE_TEXT_MAX;
  const glossaryError = glossaryProblem(glossary);
  const sameLanguage = pair.from !== TRANSLATE_AUTO && pair.from === pair.to;
  const running = answer.running;
  const translation = answer.state.text;

  const translate = async () => {
    if (!loggedIn) return openLoginDialog();
    const source = text.trim();
    if (!source) return setProblem(MSG.translateTextRequired);
    if (tooLong) return setProblem(MSG.translateTextTooLong(TRANSLATE_TEXT_MAX));
    if (sameLanguage) return setProblem(MSG.translateSameLanguage);
    if (glossaryError) return setProblem(glossaryError);
    setProblem(null);
    lastSource.current = source;
    const outcome = await answer.start(toolRunStream(TOOL.id, { inputs: runInputs(source, pair, glossary) }));
    if ((outcome.status === 'refused' || outcome.status === 'failed') && outcome.error)
      setProblem(handleRunRefusal(outcome.error.code, outcome.error.msg));
  };

  const swap = () => {
    const next = swapPair(text, pair);
    // The translation on screen becomes the text to translate back.
    if (translation && !running) {
      setText(translation);
      answer.reset();
    }
    setPair(next);
  };

  const clear = () => {
    answer.reset();
    setText('');
    setProblem(null);
  };

  const keyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void translate();
    }
  };

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="translator-page">
      <TranslateHeading page={PAGE} title={title}>
        <div className={styles.links}>
          <Dropdown
            menu={{ items: OTHER_TOOLS.map((t) => ({ key: t.id, label: <Link to={t.paths[0]!}>{`${t.icon} ${t.title}`}</Link> })) }}
          >
            <Button type="text">
              {MSG.translateOtherTools} <DownOutlined />
            </Button>
          </Dropdown>
          <Link to={RECORD_PATH}>
            <Button icon={<HistoryOutlined />} data-testid="translator-record-link">
              {MSG.translateRecordLink}
            </Button>
          </Link>
        </div>
      </TranslateHeading>

      <div className={styles.bar}>
        <Select
          className={styles.lang}
          value={pair.from}
          onChange={(from) => setPair((p) => ({ ...p, from }))}
          options={SOURCE_CHOICES.map((l) => ({
            value: l,
            label: l === TRANSLATE_AUTO && shown.detected && shown.from ? `${l}（${shown.from}）` : l,
          }))}
          aria-label="源语言"
          data-testid="translator-from"
          popupMatchSelectWidth={false}
        />
        <Tooltip title={MSG.translateSwap}>
          <Button
            shape="circle"
            icon={<SwapOutlined />}
            onClick={swap}
            aria-label={MSG.translateSwap}
            data-testid="translator-swap"
            disabled={running}
          />
        </Tooltip>
        <Select
          className={styles.lang}
          value={pair.to}
          onChange={(to) => setPair((p) => ({ ...p, to }))}
          options={TARGET_CHOICES.map((l) => ({ value: l, label: l }))}
          aria-label="目标语言"
          data-testid="translator-to"
          popupMatchSelectWidth={false}
        />
      </div>

      <div className={styles.panes}>
        <section className={styles.pane}>
          <Input.TextArea
            className={styles.source}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={keyDown}
            placeholder={MSG.translatePlaceholder}
            variant="borderless"
            autoSize={{ minRows: mobile ? 6 : 12, maxRows: 24 }}
            aria-label={MSG.translateSource}
            data-testid="translator-source"
          />
          <div className={styles.paneFoot}>
            <span className={styles.hint} data-testid="translator-detected">
              {shown.detected && shown.from ? MSG.translateDetected(shown.from) : ''}
              {shown.switched ? ` · 将译为${shown.to}` : ''}
            </span>
            <span className={tooLong ? styles.countOver : styles.count}>
              {count} / {TRANSLATE_TEXT_MAX}
            </span>
            {text && <Button type="text" size="small" icon={<CloseOutlined />} onClick={clear} aria-label={MSG.translateClear} />}
          </div>
        </section>
        <section className={`${styles.pane} ${styles.targetPane}`} aria-live="polite">
          {answer.state.meta?.demo && <div className={styles.demo}>{MSG.translateDemo}</div>}
          <div className={translation ? styles.target : styles.targetEmpty} data-testid="translator-target">
            {translation || (running ? MSG.translateRunning : MSG.translateEmptyTarget)}
          </div>
          {problem && (
            <div className={styles.error} role="alert" data-testid="translator-error">
              {problem}
            </div>
          )}
          <div className={styles.paneFoot}>
            <span className={styles.hint}>{translation ? MSG.aiDisclaimer : ''}</span>
            {running && (
              <Button size="small" icon={<StopOutlined />} onClick={answer.stop}>
                {MSG.translateStop}
              </Button>
            )}
            {translation && !running && <CopyButton text={translation} />}
          </div>
        </section>
      </div>

      <div className={styles.actions}>
        <Button
          type="primary"
          size="large"
          icon={<TranslationOutlined />}
          loading={running}
          onClick={() => void translate()}
          data-testid="translator-run"
          block={mobile}
        >
          {running ? MSG.translateRunning : MSG.translateRun}
        </Button>
        {!mobile && <span className={styles.hint}>Ctrl + Enter</span>}
      </div>

      <Collapse
        className={styles.glossary}
        size="small"
        items={[
          {
            key: 'glossary',
            label: glossaryCount(glossary) ? MSG.translateGlossaryCount(glossaryCount(glossary)) : MSG.translateGlossary,
            children: (
              <>
                <Input.TextArea
                  value={glossary}
                  onChange={(e) => setGlossary(e.target.value)}
                  placeholder={'万象=Wanxiang\n大模型=large language model'}
                  autoSize={{ minRows: 3, maxRows: 10 }}
                  maxLength={TOOL.fields.find((f) => f.name === 'glossary')?.max}
                  aria-label={MSG.translateGlossary}
                  data-testid="translator-glossary"
                />
                <div className={glossaryError ? styles.error : styles.hint}>{glossaryError ?? MSG.translateGlossaryHelp}</div>
              </>
            ),
          },
        ]}
      />
      <ToolGates tool={TOOL} />
    </div>
  );
}
