import { MSG } from '@wanxiang/contract';
import type { ChatStreamItem } from '../../api/chat-stream';
import { CUSTOM_CHAT_PATH, isCustomModelKey } from '../../api/providers';
import { useChatStore } from '../../stores/chat';
import { historyForRequest } from '../../stores/chat-rules';
import { uuid, type ChatMessage, type MessageTool } from '../../stores/chat-state';
import { parentKey, pathThrough, ROOT, serverId, visiblePath } from '../../stores/chat-branches';
import { withToolEvent } from '../mcp/tool-events';
import type { AnswerRequest } from '../../hooks/answer-stream';
import { followAnswer, type FollowedAnswer } from '../../hooks/resumable-answer';
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
  /** Branches: the message the new question follows (an edited question's parent); default the last shown one. */
  parentId?: string;
  /** Regenerate: this question is asked again and gets a new answer beside its earlier ones. */
  again?: ChatMessage;
}

/** The reply streaming now (one at a time on the chat page). */
let active: FollowedAnswer | null = null;

/** Stops the streaming reply at the server (leaving alone would not end it); false when nothing was streaming. */
export function stopActiveReply(): boolean {
  if (!active || active.signal.aborted) return false;
  active.stop();
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
  // Branches (issue 17): the question follows a message of the shown branch, and only that branch up
  // to it goes along as history.
  const path = visiblePath(session.data, session.branchPicks);
  const again = req.again && session.data.find((m) => m.id === req.again?.id);
  if (req.again && !again) return;
  const parent = again ? parentKey(session.data, session.data.indexOf(again)) : (req.parentId ?? path.at(-1)?.id ?? ROOT);
  const history = historyForRequest(pathThrough(path, parent));
  const parentMessage = session.data.find((m) => m.id === parent);
  const question = again ?? message('user', req.model, { message: req.prompt, parentId: parent });
  const reply = message('assistant', req.model, { state: 'waite', parentId: question.id });
  if (again) store.addReply(session.id, reply);
  else store.addExchange(session.id, question, reply);
  store.setSending(true);

  // Attachments belong to this question only; the search source and preferences stay on.
  const extras = requestExtras();
  if (req.prefs) extras.prefs = { ...extras.prefs, ...req.prefs };
  useChatExtras.getState().clearAfterSend();
  // The previous reply's suggestions go as soon as a new question is asked.
  useFollowupStore.getState().clear();

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
      // The server knows an answer by its stream's id.
      parentId: parentMessage ? serverId(parentMessage) : ROOT,
      ...(session.personaId ? { personaId: session.personaId } : {}),
      ...extras,
    },
  };
  // A refused regenerate takes away only its new answer: the question was there before.
  const questionId = again ? undefined : question.id;
  await followReply({ sid: session.id, replyId: reply.id, questionId, model: req.model, prompt: req.prompt }, request, handlers);
}

/**
 * Re-attach to a reply a reload (or another tab) left streaming: the server kept answering, so the
 * newest reply with a streamId is followed again from its first event (its text so far is redrawn)
 * to its end; an older one still waiting (two answers cut at once) shows the retry note.
 */
export async function resumeReplies(handlers: RunHandlers): Promise<void> {
  const st = useChatStore.getState();
  if (st.sending || active) return;
  const pending = st.sessions
    .flatMap((s) =>
      s.data.flatMap((m, i) => {
        if (m.state !== 'waite' || !m.streamId) return [];
        // An answer follows its question (a regenerated one is not next to it in the list).
        const parent = parentKey(s.data, i);
        return [{ s, m, question: s.data.find((q) => q.id === parent) }];
      }),
    )
    .sort((a, b) => b.m.dateTime - a.m.dateTime);
  const [newest, ...older] = pending;
  for (const { s, m } of older) st.patchMessage(s.id, m.id, { state: 'error', errorText: MSG.retryLater });
  const streamId = newest?.m.streamId;
  if (!newest || !streamId) return;
  const { s, m, question } = newest;
  st.patchMessage(s.id, m.id, { message: '', reasoning: '', tools: undefined, search: undefined });
  st.setSending(true);
  await followReply(
    { sid: s.id, replyId: m.id, questionId: question?.target === 'user' ? question.id : undefined, model: m.modelname, prompt: question?.message ?? '' },
    { model: m.modelname, body: { prompt: '' }, reattach: { messageId: streamId } },
    handlers,
  );
}

/** One reply being followed into the store. */
interface ReplyRun {
  sid: string;
  replyId: string;
  /** The question's message (removed with the reply on a refusal); absent when unknown. */
  questionId?: string;
  model: string;
  prompt: string;
}

/**
 * Follow one reply's stream into the chat store: the first request (the question, or a re-attach),
 * then, when the connection is cut mid-answer, re-attach with the last event id seen (the answer
 * goes on at the server) a few times before showing the network error.
 */
async function followReply(run: ReplyRun, first: AnswerRequest, handlers: RunHandlers): Promise<void> {
  const { sid, replyId } = run;
  let searchQuery = '';
  const fail = (errorText: string): void => {
    useChatStore.getState().patchMessage(sid, replyId, { state: 'error', errorText });
  };
  const reattach = Boolean(first.reattach);
  // Text and reasoning arrive frame-batched (QUALITY G11); every other event after the text before it.
  const answer = followAnswer(first, {
    onDelta: (delta) => useChatStore.getState().appendDelta(sid, replyId, delta),
    onEvent: handle,
  });
  active = answer;
  try {
    await answer.finished;
  } finally {
    const st = useChatStore.getState();
    const left = st.sessions.find((s) => s.id === sid)?.data.find((m) => m.id === replyId);
    // Stopped (or cut) while waiting: keep what arrived, drop an empty bubble (a re-attached one stays, with its note).
    if (left?.state === 'waite') {
      if (left.message || left.reasoning) {
        st.settle(sid, replyId);
        handlers.onStoppedWithText?.();
      } else if (reattach) st.patchMessage(sid, replyId, { state: 'error', errorText: MSG.retryLater });
      else st.removeMessage(sid, replyId);
    }
    if (active === answer) active = null;
    st.setSending(false);
  }

  function currentTools(): MessageTool[] {
    return (
      useChatStore
        .getState()
        .sessions.find((s) => s.id === sid)
        ?.data.find((m) => m.id === replyId)?.tools ?? []
    );
  }

  function askFollowups(): void {
    const settled = useChatStore
      .getState()
      .sessions.find((s) => s.id === sid)
      ?.data.find((m) => m.id === replyId);
    if (wantsFollowups(useCatalogStore.getState().byKey[run.model], settled)) void useFollowupStore.getState().request(replyId, run.prompt);
  }

  function handle(item: Exclude<ChatStreamItem, { event: 'text' | 'reasoning' }>): void {
    const st = useChatStore.getState();
    switch (item.event) {
      case 'meta':
        if (item.data.conversationId) st.setConversationId(sid, item.data.conversationId);
        // Named: a reload or another tab can re-attach to it from now on.
        st.patchMessage(sid, replyId, { streamId: item.data.messageId });
        break;
      case 'no_count':
        fail(item.data.text || MSG.countExhausted);
        handlers.onNoCount(item.data.text || MSG.countExhausted);
        break;
      case 'error':
        fail(item.data.msg || MSG.streamError);
        break;
      case 'done':
        st.settle(sid, replyId, item.data.reasoningMs);
        // Stopped (here, or from another tab): kept as far as it went, no suggestions.
        if (item.data.stopped) handlers.onStoppedWithText?.();
        else {
          askFollowups();
          handlers.onDone();
        }
        break;
      case 'refusal':
        st.removeMessage(sid, replyId);
        if (run.questionId) st.removeMessage(sid, run.questionId);
        handlers.onRefusal(item.data, run.prompt);
        break;
      case 'search':
        // Searching "query"... shows until the sources arrive (docs/product/chat.md §4 networked stream).
        searchQuery = item.data.query;
        st.patchMessage(sid, replyId, { search: { query: searchQuery, sources: [], done: false } });
        break;
      case 'search_read':
        st.patchMessage(sid, replyId, { search: { query: searchQuery, sources: item.data.sources, done: true } });
        break;
      case 'tool_call':
      case 'tool_result':
        // The core handed the text so far over first: the tool block sits after what the model said before calling.
        st.patchMessage(sid, replyId, { tools: withToolEvent(currentTools(), item) });
        break;
    }
  }
}
