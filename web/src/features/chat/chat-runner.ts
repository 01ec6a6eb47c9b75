import { MSG } from '@wanxiang/contract';
import type { ChatStreamItem } from '../../api/chat-stream';
import { CUSTOM_CHAT_PATH, isCustomModelKey } from '../../api/providers';
import { useChatStore } from '../../stores/chat';
import { historyForRequest } from '../../stores/chat-rules';
import { uuid, type ChatMessage, type MessageTool } from '../../stores/chat-state';
import { withToolEvent } from '../mcp/tool-events';
import { runAnswerStream, type AnswerRequest } from '../../hooks/answer-stream';
import { requestExtras, useChatExtras, type ReplyPrefs } from '../../stores/chat-extras';
import { useCatalogStore } from '../../stores/chat-catalog';
import { useFollowupStore } from './suggestions/followup-store';
import { wantsFollowups } from './suggestions/followup-rules';

/**
 * Runs one question through the chat stream into the chat store. No React here: the page
 * passes handlers for what needs UI (refusal dialogs, quota popup, history refresh).
 */
export interface RunHandlers {
  /** The server refused before streaming (JSON envelope): the exchange is removed. */
  onRefusal(refusal: { code: number; msg: string }, prompt: string): void;
  onNoCount(text: string): void;
  /** The reply finished and was persisted. */
  onDone(): void;
  /** Stopped after text arrived: the server charges it like a finished reply (QUALITY G8) and keeps it in history. */
  onStoppedWithText?(): void;
}

export interface RunRequest {
  sessionId: string;
  model: string;
  prompt: string;
  /** Preferences for this question only, over the picked ones (regenerate with an angle). */
  prefs?: ReplyPrefs;
}

let active: AbortController | null = null;

/** Aborts the streaming reply; false when nothing was streaming. */
export function stopActiveReply(): boolean {
  if (!active || active.signal.aborted) return false;
  active.abort();
  return true;
}

function message(target: ChatMessage['target'], model: string, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: uuid(),
    state: 'ok',
    target,
    message: '',
    reasoning: '',
    messageType: 'text',
    modelname: model,
    dateTime: Date.now(),
    ...over,
  };
}

export async function runChat(req: RunRequest, handlers: RunHandlers): Promise<void> {
  const store = useChatStore.getState();
  const session = store.sessions.find((s) => s.id === req.sessionId);
  if (!session) return;
  const sid = session.id;
  const history = historyForRequest(session.data);
  const question = message('user', req.model, { message: req.prompt });
  const reply = message('assistant', req.model, { state: 'waite' });
  store.addExchange(session.id, question, reply);
  store.setSending(true);

  // Attachments belong to this question only; the search source and preferences stay on.
  const extras = requestExtras();
  if (req.prefs) extras.prefs = { ...extras.prefs, ...req.prefs };
  useChatExtras.getState().clearAfterSend();
  // The previous reply's suggestions go as soon as a new question is asked.
  useFollowupStore.getState().clear();

  const controller = new AbortController();
  active = controller;
  let searchQuery = '';
  const fail = (errorText: string): void => {
    useChatStore.getState().patchMessage(session.id, reply.id, { state: 'error', errorText });
  };

  try {
    const request: AnswerRequest = {
      model: req.model,
      // A custom model streams through the user's own provider (docs/product/chat.md §7).
      ...(isCustomModelKey(req.model) ? { path: CUSTOM_CHAT_PATH } : {}),
      body: {
        ...(isCustomModelKey(req.model) ? { model_id: req.model } : {}),
        prompt: req.prompt,
        messages: history,
        conversationId: session.conversationId ?? session.id,
        messageId: question.id,
        ...(session.personaId ? { personaId: session.personaId } : {}),
        ...extras,
      },
    };
    // Text and reasoning arrive frame-batched (QUALITY G11); every other event after the text before it.
    await runAnswerStream(request, controller.signal, {
      onDelta: (delta) => useChatStore.getState().appendDelta(sid, reply.id, delta),
      onEvent: handle,
    });
  } finally {
    const st = useChatStore.getState();
    const left = st.sessions.find((s) => s.id === session.id)?.data.find((m) => m.id === reply.id);
    // Stopped (or cut) while waiting: keep what arrived, drop an empty bubble.
    if (left?.state === 'waite') {
      if (left.message || left.reasoning) {
        st.settle(session.id, reply.id);
        handlers.onStoppedWithText?.();
      } else st.removeMessage(session.id, reply.id);
    }
    if (active === controller) active = null;
    st.setSending(false);
  }

  function currentTools(): MessageTool[] {
    return (
      useChatStore
        .getState()
        .sessions.find((s) => s.id === sid)
        ?.data.find((m) => m.id === reply.id)?.tools ?? []
    );
  }

  function askFollowups(): void {
    const settled = useChatStore
      .getState()
      .sessions.find((s) => s.id === sid)
      ?.data.find((m) => m.id === reply.id);
    if (wantsFollowups(useCatalogStore.getState().byKey[req.model], settled))
      void useFollowupStore.getState().request(reply.id, req.prompt);
  }

  function handle(item: Exclude<ChatStreamItem, { event: 'text' | 'reasoning' }>): void {
    const st = useChatStore.getState();
    switch (item.event) {
      case 'meta':
        if (item.data.conversationId) st.setConversationId(sid, item.data.conversationId);
        break;
      case 'no_count':
        fail(item.data.text || MSG.countExhausted);
        handlers.onNoCount(item.data.text || MSG.countExhausted);
        break;
      case 'error':
        fail(item.data.msg || MSG.streamError);
        break;
      case 'done':
        st.settle(sid, reply.id, item.data.reasoningMs);
        askFollowups();
        handlers.onDone();
        break;
      case 'refusal':
        st.removeMessage(sid, reply.id);
        st.removeMessage(sid, question.id);
        handlers.onRefusal(item.data, req.prompt);
        break;
      case 'search':
        // Searching "query"... shows until the sources arrive (docs/product/chat.md §4 networked stream).
        searchQuery = item.data.query;
        st.patchMessage(sid, reply.id, { search: { query: searchQuery, sources: [], done: false } });
        break;
      case 'search_read':
        st.patchMessage(sid, reply.id, { search: { query: searchQuery, sources: item.data.sources, done: true } });
        break;
      case 'tool_call':
      case 'tool_result':
        // The core handed the text so far over first: the tool block sits after what the model said before calling.
        st.patchMessage(sid, reply.id, { tools: withToolEvent(currentTools(), item) });
        break;
    }
  }
}
