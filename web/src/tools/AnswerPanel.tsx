import { Button, Empty, Spin } from 'antd';
import { DownloadOutlined, FileWordOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import { htmlPageOf, MSG } from '@wanxiang/contract';
import { Markdown } from '../components/markdown';
import { HtmlPageView } from '../features/charts/HtmlPageView';
import { CopyButton } from '../features/chat/CopyButton';
import styles from './tools.module.css';

export interface AnswerPanelProps {
  text: string;
  streaming: boolean;
  /** A problem to show instead of (or after) the text. */
  error: string | null;
  /** The saved run's id: exports need it. */
  runId: string | null;
  stopped: boolean;
  mobile: boolean;
  onStop: () => void;
  onRegenerate: (() => void) | null;
  onDownload: (format: 'docx' | 'md') => void;
  downloading: 'docx' | 'md' | null;
  /** The tool answers a page (output 'page': 数据卡片, 网页设计): once complete, its ```html block is shown as the page. */
  page?: { title: string };
}

/** The streamed markdown answer with stop, copy, regenerate and the two downloads, and the AI-content note. */
export function AnswerPanel({ text, streaming, error, runId, stopped, mobile, onStop, onRegenerate, onDownload, downloading, page }: AnswerPanelProps) {
  if (!text && !streaming && !error) {
    return (
      <div className={styles.answerEmpty} data-testid="tool-answer-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={mobile ? MSG.toolAnswerEmptyMobile : MSG.toolAnswerEmpty} />
      </div>
    );
  }
  const finished = !streaming && text.length > 0;
  return (
    <div className={styles.answer} data-testid="tool-answer" data-state={streaming ? 'streaming' : 'idle'}>
      {text ? <AnswerBody text={text} streaming={streaming} page={page} mobile={mobile} /> : streaming && <Spin className={styles.answerSpin} />}
      {error && (
        <div className={styles.answerError} role="alert" data-testid="tool-answer-error">
          {error}
        </div>
      )}
      {stopped && text && <div className={styles.help}>{MSG.toolAnswerStopped}</div>}
      <div className={streaming ? `${styles.answerActions} ${styles.answerActionsLive}` : styles.answerActions}>
        {streaming ? (
          <Button icon={<StopOutlined />} onClick={onStop} data-testid="tool-stop">
            {MSG.toolAnswerStop}
          </Button>
        ) : (
          <>
            {finished && <CopyButton text={text} />}
            {onRegenerate && (
              <Button type="text" size="small" icon={<RedoOutlined />} onClick={onRegenerate} data-testid="tool-regenerate">
                {MSG.toolAnswerRegenerate}
              </Button>
            )}
            {finished && runId && (
              <>
                <Button
                  type="text"
                  size="small"
                  icon={<FileWordOutlined />}
                  loading={downloading === 'docx'}
                  onClick={() => onDownload('docx')}
                  data-testid="tool-download-docx"
                >
                  {MSG.toolAnswerDownloadDocx}
                </Button>
                <Button
                  type="text"
                  size="small"
                  icon={<DownloadOutlined />}
                  loading={downloading === 'md'}
                  onClick={() => onDownload('md')}
                  data-testid="tool-download-md"
                >
                  {MSG.toolAnswerDownloadMd}
                </Button>
              </>
            )}
          </>
        )}
      </div>
      {text && <div className={styles.aiNote}>{MSG.toolAnswerAiNote}</div>}
    </div>
  );
}

/** The answer as markdown; a finished page answer shows its page (sandboxed) in place of the ```html block. */
function AnswerBody({ text, streaming, page, mobile }: { text: string; streaming: boolean; page?: { title: string }; mobile: boolean }) {
  const source = page && !streaming ? htmlPageOf(text) : null;
  if (!page || source === null) return <Markdown text={text} streaming={streaming} />;
  const [before = '', after = ''] = text.split(/```[ \t]*html[ \t]*\n[\s\S]*?\n```/, 2);
  return (
    <>
      {before.trim() && <Markdown text={before} streaming={false} />}
      <HtmlPageView source={source} title={page.title} mobile={mobile} />
      {after.trim() && <Markdown text={after} streaming={false} />}
    </>
  );
}
