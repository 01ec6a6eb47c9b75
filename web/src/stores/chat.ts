import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { LIMITS, STORAGE_KEYS, MSG, type HistoryMessage, type RecordDataRes } from '@wanxiang/contract';
import { initialChatState, newSession, uuid, type ChatMessage, type ChatSession, type ChatState } from './chat-state';
import { dedupeById, settleReply, titleFromQuestion } from './chat-rules';
import { throttledStorage } from './chat-storage';
import { switchSibling, type BranchPicks } from './chat-branches';
import { onLoggedOut } from '../app-events';

export * from './chat-state';

/** Local sessions kept; older ones live on in server history. */
export const MAX_LOCAL_SESSIONS = 50;

export interface ChatDelta {
  text?: string;
  reasoning?: string;
}

export interface ChatActions {
  /** Makes the current session one for `model`: reuses an empty one, else starts a new one. */
  switchModel(model: string): void;
  newChat(model: string): void;
  /** A new chat with `model` that starts with these exchanges (a battle column continued as a chat); it becomes the current one. */
  startWith(model: string, messages: readonly HistoryMessage[]): void;
  selectSession(id: string): void;
  removeSession(id: string): void;
  /** Appends a question and its pending reply to a session. */
  addExchange(sessionId: string, question: ChatMessage, reply: ChatMessage): void;
  /** Regenerate: a new answer beside the earlier ones under its question (`reply.parentId`), shown. */
  addReply(sessionId: string, reply: ChatMessage): void;
  /** The `< 2/3 >` switcher: shows the sibling `step` places away from message `id` (branches). */
  showSibling(sessionId: string, id: string, step: number): void;
  appendDelta(sessionId: string, messageId: string, delta: ChatDelta): void;
  patchMessage(sessionId: string, messageId: string, patch: Partial<ChatMessage>): void;
  /** Ends a reply normally: ok, or error when it is one of the known failure texts. */
  settle(sessionId: string, messageId: string, reasoningMs?: number): void;
  removeMessage(sessionId: string, messageId: string): void;
  setConversationId(sessionId: string, conversationId: string): void;
  setSending(sending: boolean): void;
  /** Clear chat (docs/product/chat.md §4): back to the template messages, with a new server conversation. */
  clearMessages(sessionId: string): void;
  /** Regenerate: drops the last question and everything after it; returns that question. */
  dropLastExchange(sessionId: string): ChatMessage | undefined;
  /** Shows a server history record as a local session (replacing an older copy). */
  loadRecord(record: RecordDataRes): void;
  /** Logged out: chats belong to the account, so they go. */
  clearAll(): void;
}

export type ChatStore = ChatState & ChatActions;

type PersistedChat = Pick<ChatState, 'sessions' | 'currentId'>;

// On quota errors keep the current session and the four newest others.
const storage = throttledStorage<PersistedChat>(1_000, (s) => ({
  ...s,
  sessions: s.sessions.filter((x) => x.id === s.currentId).concat(s.sessions.filter((x) => x.id !== s.currentId).slice(0, 4)),
}));

/** Writes pending chat state now (tests, and before navigating away programmatically). */
export const flushChatStorage = (): void => storage.flush();

function mapSession(sessions: ChatSession[], id: string, fn: (s: ChatSession) => ChatSession): ChatSession[] {
  return sessions.map((s) => (s.id === id ? fn(s) : s));
}

function mapMessage(s: ChatSession, id: string, fn: (m: ChatMessage) => ChatMessage): ChatSession {
  return { ...s, data: s.data.map((m) => (m.id === id ? fn(m) : m)) };
}

/** The shown branch follows the new messages: each is picked under its parent. */
function pickNew(picks: BranchPicks | undefined, added: readonly ChatMessage[]): BranchPicks {
  const out = { ...picks };
  for (const m of added) if (m.parentId !== undefined) out[m.parentId] = m.id;
  return out;
}

function fromRecord(record: RecordDataRes): ChatSession {
  const data: ChatMessage[] = record.messages
    .filter((m) => m.role !== 'system')
    .map((m) => ({
      id: m.id,
      state: m.state === 'waite' ? 'error' : m.state,
      target: m.role,
      message: m.content,
      reasoning: m.reasoning,
      messageType: 'text',
      modelname: m.model,
      dateTime: Date.parse(m.createdAt) || Date.now(),
      ...(m.state === 'ok' ? {} : { errorText: MSG.retryLater }),
      // The web search and tool calls the reply made, as they showed while it streamed.
      ...(m.search ? { search: { query: m.search.query, sources: m.search.sources, done: true } } : {}),
      ...(m.tools?.length ? { tools: m.tools.map((t) => ({ ...t })) } : {}),
      ...(m.parentId !== undefined ? { parentId: m.parentId } : {}),
    }));
  return {
    id: record.id,
    conversationId: record.id,
    name: record.title || LIMITS.defaultSessionName,
    model: record.model,
    data: dedupeById(data),
    dateTime: Date.parse(record.updatedAt) || Date.now(),
  };
}

export const useChatStore = create<ChatStore>()(
  persist(
    (set, get) => ({
      ...initialChatState(),

      switchModel(model) {
        const { sessions, currentId } = get();
        const current = sessions.find((s) => s.id === currentId);
        if (current?.model === model) return;
        if (current && current.data.length === 0) {
          set({ sessions: mapSession(sessions, current.id, (s) => ({ ...s, model })) });
          return;
        }
        get().newChat(model);
      },

      newChat(model) {
        const fresh = newSession(model);
        set((st) => ({
          sessions: [fresh, ...st.sessions.filter((s) => s.data.length > 0)].slice(0, MAX_LOCAL_SESSIONS),
          currentId: fresh.id,
        }));
      },

      startWith(model, messages) {
        const fresh = newSession(model);
        const data = messages.map(
          (m, i): ChatMessage => ({
            id: uuid(),
            state: 'ok',
            target: m.role === 'user' ? 'user' : 'assistant',
            message: m.content,
            reasoning: '',
            messageType: 'text',
            modelname: model,
            dateTime: Date.now() - (messages.length - i),
          }),
        );
        const first = messages.find((m) => m.role === 'user');
        const session = { ...fresh, data, name: first ? titleFromQuestion(first.content) : fresh.name };
        set((st) => ({ sessions: [session, ...st.sessions.filter((s) => s.data.length > 0)].slice(0, MAX_LOCAL_SESSIONS), currentId: session.id }));
      },

      selectSession(id) {
        if (get().sessions.some((s) => s.id === id)) set({ currentId: id });
      },

      removeSession(id) {
        set((st) => {
          const sessions = st.sessions.filter((s) => s.id !== id);
          if (st.currentId !== id) return { sessions };
          const fresh = newSession(st.sessions.find((s) => s.id === id)?.model ?? LIMITS.defaultModel);
          return { sessions: [fresh, ...sessions], currentId: fresh.id };
        });
      },

      addExchange(sessionId, question, reply) {
        set((st) => ({
          sessions: mapSession(st.sessions, sessionId, (s) => ({
            ...s,
            name: s.data.length === 0 ? titleFromQuestion(question.message) || s.name : s.name,
            data: dedupeById([...s.data, question, reply]),
            branchPicks: pickNew(s.branchPicks, [question, reply]),
            dateTime: Date.now(),
          })),
        }));
      },

      addReply(sessionId, reply) {
        set((st) => ({
          sessions: mapSession(st.sessions, sessionId, (s) => ({
            ...s,
            data: dedupeById([...s.data, reply]),
            branchPicks: pickNew(s.branchPicks, [reply]),
            dateTime: Date.now(),
          })),
        }));
      },

      showSibling(sessionId, id, step) {
        set((st) => ({
          sessions: mapSession(st.sessions, sessionId, (s) => ({ ...s, branchPicks: switchSibling(s.data, s.branchPicks ?? {}, id, step) })),
        }));
      },

      appendDelta(sessionId, messageId, delta) {
        set((st) => ({
          sessions: mapSession(st.sessions, sessionId, (s) =>
            mapMessage(s, messageId, (m) => ({
              ...m,
              message: delta.text ? m.message + delta.text : m.message,
              reasoning: delta.reasoning ? m.reasoning + delta.reasoning : m.reasoning,
              // The answer starting is the moment thinking ended.
              reasoningMs: m.reasoningMs === undefined && delta.text && m.reasoning ? Date.now() - m.dateTime : m.reasoningMs,
            })),
          ),
        }));
      },

      patchMessage(sessionId, messageId, patch) {
        set((st) => ({
          sessions: mapSession(st.sessions, sessionId, (s) => mapMessage(s, messageId, (m) => ({ ...m, ...patch }))),
        }));
      },

      settle(sessionId, messageId, reasoningMs) {
        set((st) => ({
          sessions: mapSession(st.sessions, sessionId, (s) => mapMessage(s, messageId, (m) => settleReply(m, reasoningMs))),
        }));
      },

      removeMessage(sessionId, messageId) {
        set((st) => ({
          sessions: mapSession(st.sessions, sessionId, (s) => ({ ...s, data: s.data.filter((m) => m.id !== messageId) })),
        }));
      },

      setConversationId(sessionId, conversationId) {
        set((st) => ({ sessions: mapSession(st.sessions, sessionId, (s) => ({ ...s, conversationId })) }));
      },

      setSending(sending) {
        set({ sending });
      },

      clearMessages(sessionId) {
        // A fresh conversation id: the next question starts a new server record, the old one stays in history.
        set((st) => ({
          sessions: mapSession(st.sessions, sessionId, (s) => ({ ...s, data: [], conversationId: uuid(), dateTime: Date.now() })),
        }));
      },

      dropLastExchange(sessionId) {
        const session = get().sessions.find((s) => s.id === sessionId);
        if (!session) return undefined;
        const at = session.data.findLastIndex((m) => m.target === 'user');
        if (at < 0) return undefined;
        const question = session.data[at];
        set((st) => ({ sessions: mapSession(st.sessions, sessionId, (s) => ({ ...s, data: s.data.slice(0, at) })) }));
        return question;
      },

      loadRecord(record) {
        // The forks picked on this device stay picked; the rest show their newest branch.
        const older = get().sessions.find((s) => s.id === record.id || s.conversationId === record.id);
        const loaded = { ...fromRecord(record), ...(older?.branchPicks ? { branchPicks: older.branchPicks } : {}) };
        set((st) => ({
          sessions: [loaded, ...st.sessions.filter((s) => s.id !== loaded.id && s.conversationId !== loaded.id)].slice(
            0,
            MAX_LOCAL_SESSIONS,
          ),
          currentId: loaded.id,
        }));
      },

      clearAll() {
        set({ ...initialChatState() });
        storage.removeItem(STORAGE_KEYS.chat);
      },
    }),
    {
      name: STORAGE_KEYS.chat,
      version: 1,
      storage,
      partialize: (s): PersistedChat => ({ sessions: s.sessions, currentId: s.currentId }),
      // A reply still 'waite' in storage was streaming when the page closed: one the server named (its
      // streamId) goes on there and is re-attached by the chat page (chat-runner resumeReplies); one
      // cut before its first event is lost.
      merge: (persisted, current) => {
        const p = persisted as Partial<PersistedChat> | undefined;
        if (!p?.sessions?.length) return current;
        const sessions = p.sessions.map((s) => ({
          ...s,
          data: s.data.map((m): ChatMessage => (m.state === 'waite' && !m.streamId ? { ...m, state: 'error', errorText: MSG.retryLater } : m)),
        }));
        const currentId = sessions.some((s) => s.id === p.currentId) ? (p.currentId as string) : (sessions[0] as ChatSession).id;
        return { ...current, sessions, currentId, sending: false };
      },
    },
  ),
);

// Chats belong to the account: logout and session expiry clear them (docs/product/chat.md §4).
onLoggedOut(() => useChatStore.getState().clearAll());
