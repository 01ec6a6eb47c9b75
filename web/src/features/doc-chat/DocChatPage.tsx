import { useEffect, useRef, useState } from 'react';
import { App, Button, Empty, Input, Modal, Spin, Tag } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { DOC_LIBRARY_MSG, DOC_QUERY_MAX_CHARS, type DocOverview, type DocPassage } from '@wanxiang/contract';
import { docOverview, streamDocChat, type DocChatTurn } from '../../api/doc-library';
import { RequestError } from '../../api/request';
import { useUserStore } from '../../stores/user';
import { CitedAnswer } from './CitedAnswer';
import { DocList, UploadDocButton } from './DocList';
import { useDocLibrary } from './use-doc-library';
import styles from './doc-chat.module.css';

interface Turn {
  question: string;
  answer: string;
  passages: DocPassage[];
  demo: boolean;
  error: string;
  streaming: boolean;
}

const passageWhere = (p: DocPassage) => [p.page ? DOC_LIBRARY_MSG.pageLabel(p.page) : '', p.section].filter(Boolean).join(' · ');

/**
 * /AiFile/DocChatPage (文档对话): the library on the left; a document opened on the right shows its
 * summary and outline (made by the server on first open, then cached) and takes questions. The
 * answer streams with citations [n]; a click shows the passage and its page or section.
 */
export default function DocChatPage({ title }: { title?: string }) {
  const { message } = App.useApp();
  const loggedIn = useUserStore((s) => Boolean(s.user));
  const lib = useDocLibrary(loggedIn);
  const [params, setParams] = useSearchParams();
  const fileId = params.get('file') ?? '';
  const doc = lib.docs.find((d) => d.file_id === fileId);
  const [overview, setOverview] = useState<DocOverview | null>(null);
  const [overviewError, setOverviewError] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [question, setQuestion] = useState('');
  const [cited, setCited] = useState<DocPassage | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const ready = doc?.status === 'ready';

  useEffect(() => {
    setOverview(null);
    setOverviewError('');
    setTurns([]);
    abort.current?.abort();
    if (!ready) return;
    let live = true;
    docOverview(fileId).then(
      (o) => live && setOverview(o),
      (err: unknown) => live && setOverviewError(err instanceof RequestError ? err.message : DOC_LIBRARY_MSG.overviewFailed),
    );
    return () => {
      live = false;
    };
  }, [fileId, ready]);

  const upload = async (file: File) => {
    setBusy(true);
    const { doc: made, error } = await lib.upload(file);
    setBusy(false);
    if (error) return void message.error(error);
    void message.success(DOC_LIBRARY_MSG.uploaded);
    if (made) setParams({ file: made.file_id });
  };

  const ask = async () => {
    const q = question.trim();
    if (!q || !ready || turns.some((t) => t.streaming)) return;
    setQuestion('');
    const history: DocChatTurn[] = turns
      .filter((t) => t.answer)
      .flatMap((t) => [
        { role: 'user' as const, content: t.question },
        { role: 'assistant' as const, content: t.answer.slice(0, 4000) },
      ]);
    const at = turns.length;
    setTurns((list) => [...list, { question: q, answer: '', passages: [], demo: false, error: '', streaming: true }]);
    const update = (fn: (t: Turn) => Turn) => setTurns((list) => list.map((t, i) => (i === at ? fn(t) : t)));
    const controller = new AbortController();
    abort.current = controller;
    for await (const ev of streamDocChat(fileId, q, history.slice(-10), controller.signal)) {
      if (ev.event === 'meta') update((t) => ({ ...t, demo: Boolean(ev.data.demo) }));
      else if (ev.event === 'tool_result' && ev.data.type === 'doc_passages')
        update((t) => ({ ...t, passages: (ev.data.outputs ?? []) as DocPassage[] }));
      else if (ev.event === 'text') update((t) => ({ ...t, answer: t.answer + ev.data.text }));
      else if (ev.event === 'error' || ev.event === 'refusal') update((t) => ({ ...t, error: ev.data.msg }));
      else if (ev.event === 'no_count') update((t) => ({ ...t, error: ev.data.text }));
    }
    update((t) => ({ ...t, streaming: false }));
  };

  const askingNow = turns.some((t) => t.streaming);

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1>{title ?? DOC_LIBRARY_MSG.chatTitle}</h1>
        <p>{DOC_LIBRARY_MSG.librarySubtitle}</p>
      </div>
      <div className={styles.workspace}>
        <aside className={styles.card}>
          <UploadDocButton onUpload={(f) => void upload(f)} busy={busy} />
          <DocList
            docs={lib.docs}
            loading={lib.loading}
            progress={lib.progress}
            selected={fileId}
            onOpen={(d) => setParams({ file: d.file_id })}
            onDelete={async (d) => {
              const error = await lib.remove(d.file_id);
              if (error) void message.error(error);
              else if (d.file_id === fileId) setParams({});
            }}
          />
        </aside>
        <section className={styles.card} data-testid="doc-chat-panel">
          {!doc ? (
            <Empty description={DOC_LIBRARY_MSG.pickDoc} />
          ) : !ready ? (
            <div className={styles.center}>
              {doc.status === 'failed' ? (
                <Tag color="error">{doc.error ?? DOC_LIBRARY_MSG.indexFailed}</Tag>
              ) : (
                <Spin
                  tip={
                    lib.progress[fileId]
                      ? `${lib.progress[fileId]!.stage || DOC_LIBRARY_MSG.statusIndexing} ${lib.progress[fileId]!.progress}%`
                      : DOC_LIBRARY_MSG.statusIndexing
                  }
                >
                  {' '}
                </Spin>
              )}
            </div>
          ) : (
            <>
              <h2 className={styles.docTitle}>{doc.name}</h2>
              <div className={styles.overview} data-testid="doc-overview">
                {overviewError ? (
                  <Tag color="error">{overviewError}</Tag>
                ) : !overview ? (
                  <Spin size="small" tip={DOC_LIBRARY_MSG.overviewLoading}>
                    {' '}
                  </Spin>
                ) : (
                  <>
                    <h3>
                      {DOC_LIBRARY_MSG.summary}
                      {overview.demo && (
                        <Tag color="orange" className={styles.demo} title={DOC_LIBRARY_MSG.demoNote}>
                          {DOC_LIBRARY_MSG.demoBadge}
                        </Tag>
                      )}
                    </h3>
                    <p data-testid="doc-summary">{overview.summary}</p>
                    <h3>{DOC_LIBRARY_MSG.outline}</h3>
                    <ol className={styles.outline} data-testid="doc-outline">
                      {overview.outline.map((o, i) => (
                        <li key={i} style={{ marginInlineStart: (o.level - 1) * 16 }}>
                          {o.title}
                          {o.page ? <span className={styles.muted}> · {DOC_LIBRARY_MSG.pageLabel(o.page)}</span> : null}
                        </li>
                      ))}
                    </ol>
                  </>
                )}
              </div>
              <div className={styles.turns}>
                {turns.map((t, i) => (
                  <div key={i} className={styles.turn}>
                    <div className={styles.question}>{t.question}</div>
                    <div className={styles.answer}>
                      {t.demo && <Tag color="orange">{DOC_LIBRARY_MSG.demoBadge}</Tag>}
                      {t.answer ? (
                        <CitedAnswer text={t.answer} passages={t.passages} onCite={setCited} />
                      ) : t.streaming ? (
                        <Spin size="small" />
                      ) : null}
                      {t.error && <Tag color="error">{t.error}</Tag>}
                    </div>
                  </div>
                ))}
              </div>
              <div className={styles.ask}>
                <Input.TextArea
                  value={question}
                  onChange={(e) => setQuestion(e.target.value)}
                  maxLength={DOC_QUERY_MAX_CHARS}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  placeholder={DOC_LIBRARY_MSG.askPlaceholder}
                  aria-label={DOC_LIBRARY_MSG.ask}
                  onPressEnter={(e) => {
                    if (!e.shiftKey) {
                      e.preventDefault();
                      void ask();
                    }
                  }}
                  data-testid="doc-question"
                />
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  loading={askingNow}
                  disabled={!question.trim()}
                  onClick={() => void ask()}
                  data-testid="doc-ask"
                >
                  {DOC_LIBRARY_MSG.ask}
                </Button>
              </div>
            </>
          )}
        </section>
      </div>
      <Modal
        open={cited !== null}
        onCancel={() => setCited(null)}
        footer={null}
        title={cited ? DOC_LIBRARY_MSG.citationTitle(cited.n) : ''}
      >
        {cited && (
          <div data-testid="doc-citation">
            <div className={styles.muted} data-testid="doc-citation-where">
              {passageWhere(cited)}
            </div>
            <p className={styles.passage}>{cited.content}</p>
          </div>
        )}
      </Modal>
    </div>
  );
}
