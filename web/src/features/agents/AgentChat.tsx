import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Input, List, Tag, Upload } from 'antd';
import { HistoryOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { DOC_AGENT_ID, DOC_AGENT_MAX_BYTES, MSG, type AgentItem, type AgentRecordItem } from '@wanxiang/contract';
import { agentInfo, agentRecordDetail, agentRecords, agentChatStreamRequest, uploadAgentFile } from '../../api/agents';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { feedback } from '../../components/feedback/holder';
import { Markdown } from '../../components/markdown';
import { runAnswerStream } from '../../hooks/answer-stream';
import { useUserStore } from '../../stores/user';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { AgentIcon } from './AgentIcon';
import { linesFromRecord, outputLabel, type ChatLine, type ToolBlock } from './chat-model';
import styles from './agents.module.css';

export interface PendingFile {
  id: string;
  name: string;
}

function ToolView({ tool }: { tool: ToolBlock }) {
  const shown = tool.outputs.slice(0, 6).map(outputLabel);
  return (
    <Alert
      className={styles.tool}
      type={tool.done && !tool.ok ? 'warning' : 'info'}
      showIcon
      data-testid="agent-tool"
      title={
        <span>
          <Tag>{tool.name}</Tag>
          {tool.done ? MSG.agentsToolFound(tool.outputs.length) : MSG.agentsToolRunning}
        </span>
      }
      description={
        shown.length > 0 ? (
          <ol className={styles.toolList}>
            {shown.map((o, i) => (
              <li key={i}>
                {o.url ? (
                  <a href={o.url} target="_blank" rel="noreferrer noopener">
                    {o.title}
                  </a>
                ) : (
                  o.title
                )}
              </li>
            ))}
          </ol>
        ) : undefined
      }
    />
  );
}

/**
 * The agent chat (/aiAgent?type=chat&id=X): header, opening suggestions, streamed markdown
 * answers with the agent's tool runs, file upload routed by size (4.8), and the history.
 */
export function AgentChat({ agentId, initialFile }: { agentId: string; initialFile?: PendingFile }) {
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => !!s.user);
  const [agent, setAgent] = useState<AgentItem | null>(null);
  const [missing, setMissing] = useState(false);
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<PendingFile | undefined>(initialFile);
  const [uploading, setUploading] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [records, setRecords] = useState<AgentRecordItem[]>([]);
  const conversation = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setAgent(null);
    setMissing(false);
    setLines([]);
    conversation.current = null;
    agentInfo(agentId)
      .then(setAgent)
      .catch(() => setMissing(true));
    return () => abort.current?.abort();
  }, [agentId]);
  useEffect(() => {
    setFile(initialFile);
  }, [initialFile]);
  useEffect(() => {
    // Scroll the message list only (scrollIntoView would scroll the page around it too).
    if (body.current) body.current.scrollTop = body.current.scrollHeight;
  }, [lines]);

  const patchLast = (fn: (l: ChatLine) => ChatLine) => setLines((ls) => [...ls.slice(0, -1), fn(ls.at(-1)!)]);

  async function send(text: string) {
    const q = text.trim();
    if (!q || busy || !agent) return;
    if (!loggedIn) return openLoginDialog();
    const history = lines.filter((l) => !l.error && l.content).map((l) => ({ role: l.role, content: l.content }));
    setLines((ls) => [...ls, { role: 'user', content: q, tools: [] }, { role: 'assistant', content: '', tools: [], streaming: true }]);
    setInput('');
    setBusy(true);
    const ctrl = new AbortController();
    abort.current = ctrl;
    const files = file ? [file.id] : [];
    setFile(undefined);
    try {
      const out = await runAnswerStream(
        agentChatStreamRequest({
          messages: [...history, { role: 'user', content: q }],
          assistant_id: agent.id,
          conversation_id: conversation.current,
          file_id: files,
          chat_type: window.innerWidth > 768 ? 'pc-智能体' : 'web-智能体',
        }),
        ctrl.signal,
        {
          onDelta: (d) => {
            if (d.text) patchLast((l) => ({ ...l, content: l.content + d.text }));
          },
          onEvent: (item) => {
            if (item.event === 'meta') conversation.current = item.data.conversationId;
            else if (item.event === 'tool_call') patchLast((l) => ({ ...l, tools: [...l.tools, { id: item.data.id, name: item.data.name, done: false, ok: true, outputs: [] }] }));
            else if (item.event === 'tool_result') {
              const r = item.data;
              patchLast((l) => ({ ...l, tools: l.tools.map((t) => (t.id === r.id ? { ...t, done: true, ok: r.ok, outputs: r.outputs ?? [] } : t)) }));
            }
          },
        },
      );
      if (out.status === 'refused') {
        openGateRefusal(out.error!.code, out.error!.msg);
        patchLast((l) => ({ ...l, streaming: false, error: out.error!.msg }));
      } else if (out.status === 'failed') patchLast((l) => ({ ...l, error: out.error!.msg }));
    } finally {
      patchLast((l) => ({ ...l, streaming: false }));
      setBusy(false);
      abort.current = null;
    }
  }

  async function pickFile(f: File) {
    if (!loggedIn) return openLoginDialog();
    // 4.8: a file under 5 MB goes to the document agent, a larger one to /doc.
    if (f.size >= DOC_AGENT_MAX_BYTES) return navigate('/doc');
    setUploading(true);
    try {
      const up = await uploadAgentFile(f);
      const pending = { id: up.file_id, name: up.name || f.name };
      if (agentId === DOC_AGENT_ID) setFile(pending);
      else navigate(`/aiAgent?type=chat&id=${DOC_AGENT_ID}&file=${encodeURIComponent(pending.id)}&fname=${encodeURIComponent(pending.name)}`);
    } catch (err) {
      feedback().error(err instanceof RequestError ? err.msg : MSG.uploadFailed);
    } finally {
      setUploading(false);
    }
  }

  function openHistory() {
    if (!loggedIn) return openLoginDialog();
    setHistoryOpen(true);
    agentRecords(agentId)
      .then((r) => setRecords(r.list))
      .catch(() => setRecords([]));
  }

  async function loadRecord(id: number) {
    const detail = await agentRecordDetail(id).catch(() => null);
    if (!detail) return;
    conversation.current = detail.conversationId;
    setLines(linesFromRecord(detail));
    setHistoryOpen(false);
  }

  if (missing) return <Empty style={{ marginTop: 80 }} description={MSG.agentsNotFound} />;
  return (
    <div className={styles.chat}>
      <header className={styles.chatHead}>
        {agent ? <AgentIcon icon={agent.icon} /> : null}
        <div className={styles.chatHeadText}>
          <div className={styles.cardName} data-testid="agent-chat-name">
            {agent?.name}
          </div>
          <div className={styles.subtitle} style={{ margin: 0, fontSize: 12 }}>
            {agent?.description}
          </div>
        </div>
        <Button
          icon={<PlusOutlined />}
          onClick={() => {
            conversation.current = null;
            setLines([]);
          }}
        >
          {MSG.agentsNewChat}
        </Button>
        <Button icon={<HistoryOutlined />} onClick={openHistory} aria-label={MSG.agentsHistory} />
      </header>
      <div className={styles.chatBody} ref={body}>
        {lines.length === 0 && agent ? (
          <div className={styles.welcome}>
            <AgentIcon icon={agent.icon} size={56} />
            <h2>{agent.name}</h2>
            <p className={styles.subtitle}>{agent.description}</p>
            {!loggedIn ? <p>{MSG.agentsLoginToChat}</p> : null}
            {agent.suggestions.length > 0 ? (
              <div className={styles.suggestions}>
                <div className={styles.subtitle}>{MSG.agentsSuggestTitle}</div>
                {agent.suggestions.map((s) => (
                  <Button key={s} className={styles.suggestion} onClick={() => void send(s)} data-testid="agent-suggestion">
                    {s}
                  </Button>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
        {lines.map((l, i) =>
          l.role === 'user' ? (
            <div key={i} className={styles.bubbleUser}>
              {l.content}
            </div>
          ) : (
            <div key={i} className={styles.bubbleBot} data-testid="agent-answer">
              {l.tools.map((t) => (
                <ToolView key={t.id} tool={t} />
              ))}
              {l.content ? <Markdown text={l.content} streaming={l.streaming} /> : l.streaming ? <span>…</span> : null}
              {l.error ? <Alert type="error" title={l.error} showIcon /> : null}
            </div>
          ),
        )}
      </div>
      <div className={styles.composer}>
        {file ? (
          <Tag className={styles.fileChip} closable onClose={() => setFile(undefined)} icon={<PaperClipOutlined />}>
            {file.name}
          </Tag>
        ) : null}
        <div className={styles.composerRow}>
          <Upload
            showUploadList={false}
            beforeUpload={(f) => {
              void pickFile(f);
              return false;
            }}
          >
            <Button icon={<PaperClipOutlined />} loading={uploading} aria-label={MSG.agentsUploadFile} data-testid="agent-upload" />
          </Upload>
          <Input.TextArea
            value={input}
            onChange={(e) => setInput(e.target.value)}
            autoSize={{ minRows: 1, maxRows: 6 }}
            placeholder={MSG.agentsInputPlaceholder}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send(input);
              }
            }}
            data-testid="agent-input"
          />
          {busy ? (
            <Button danger onClick={() => abort.current?.abort()}>
              {MSG.agentsStop}
            </Button>
          ) : (
            <Button type="primary" onClick={() => void send(input)} data-testid="agent-send">
              {MSG.agentsSend}
            </Button>
          )}
        </div>
      </div>
      <Drawer title={MSG.agentsHistory} open={historyOpen} onClose={() => setHistoryOpen(false)} size={320}>
        {records.length === 0 ? (
          <Empty description={MSG.agentsHistoryEmpty} />
        ) : (
          <List
            dataSource={records}
            renderItem={(r) => (
              <List.Item style={{ cursor: 'pointer' }} onClick={() => void loadRecord(r.id)}>
                <List.Item.Meta title={r.title} description={new Date(r.updatedAt).toLocaleString()} />
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </div>
  );
}
