import { LIMITS, type StoredToolCall } from '@wanxiang/contract';

/** Message shapes of the chat store (docs/product/chat.md §3). */
export type MessageState = 'ok' | 'waite' | 'error';
export type MessageTarget = 'user' | 'assistant' | 'system';
export type MessageType = 'text' | 'text2' | 'image' | 'template' | 'assistant';

export interface ChatMessage {
  id: string;
  state: MessageState;
  target: MessageTarget;
  message: string;
  /** Deep-thinking text streamed before the answer. */
  reasoning: string;
  /** How long the model thought; set when the answer starts or the reply ends. */
  reasoningMs?: number;
  messageType: MessageType;
  modelname: string;
  /** Error text shown under a failed reply. */
  errorText?: string;
  /** The reader's like (1) or dislike (-1) of a reply, mirrored on the server. */
  vote?: 1 | -1;
  /** Web search of this reply (docs/product/chat.md §4): the query, then the sources read. */
  search?: MessageSearch;
  /** Tools the model called for this reply (MCP), in order; `ok` and `content` arrive with the result. */
  tools?: MessageTool[];
  /** The server's id of a streaming reply (its `meta` messageId): a reload or another tab re-attaches to it (issue 17). */
  streamId?: string;
  /**
   * Branches (issue 17, stores/chat-branches.ts): the message this one follows ('' = opens the
   * conversation); absent on messages from before branches (they follow the previous one).
   */
  parentId?: string;
  dateTime: number;
}

/** One tool call of a reply (tool_call, then its tool_result): the shape history keeps too. */
export type MessageTool = StoredToolCall;

/** A reply's search phase: `done` once the sources are read (search_read). */
export interface MessageSearch {
  query: string;
  sources: { title: string; href: string }[];
  done: boolean;
}

export interface ChatSession {
  id: string;
  name: string;
  model: string;
  /** De-duplicated by message id. */
  data: ChatMessage[];
  dateTime: number;
  /** Id the server knows this conversation by (its history record id). */
  conversationId?: string;
  /** Persona the session started with (docs/product/chat.md §3 persona_id): its context goes before the conversation. */
  personaId?: number;
  /** Which sibling is shown at each fork (parent key → child id); the newest one where none is picked. */
  branchPicks?: Record<string, string>;
}

export interface ChatState {
  sessions: ChatSession[];
  currentId: string;
  /** A reply is streaming (not persisted). */
  sending: boolean;
}

export function newSession(model: string = LIMITS.defaultModel, id = uuid()): ChatSession {
  return { id, name: LIMITS.defaultSessionName, model, data: [], dateTime: Date.now() };
}

export function initialChatState(): ChatState {
  const first = newSession();
  return { sessions: [first], currentId: first.id, sending: false };
}

/**
 * Random uuid (docs/product/chat.md §3). randomUUID exists only in secure contexts (https, localhost);
 * a plain-http intranet deployment falls back to getRandomValues, then to the time.
 */
export function uuid(): string {
  const c = typeof crypto === 'undefined' ? undefined : crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  if (c && typeof c.getRandomValues === 'function') {
    const b = c.getRandomValues(new Uint8Array(16));
    b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
    b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
    const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2, 10)}`;
}
