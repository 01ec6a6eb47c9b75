import { beforeEach, describe, expect, it } from 'vitest';
import { MSG, STORAGE_KEYS, type RecordDataRes } from '@wanxiang/contract';
import { emitLoggedOut } from '../app-events';
import { flushChatStorage, useChatStore } from './chat';
import { dedupeById, historyForRequest, HISTORY_MAX_MESSAGES, isKnownFailedReply } from './chat-rules';
import { selectCurrentMessages, selectCurrentSession } from './chat-selectors';
import type { ChatMessage } from './chat-state';

let seq = 0;
function msg(over: Partial<ChatMessage> = {}): ChatMessage {
  seq += 1;
  return {
    id: `m${seq}`,
    state: 'ok',
    target: 'user',
    message: `message ${seq}`,
    reasoning: '',
    messageType: 'text',
    modelname: 'v35',
    dateTime: Date.now(),
    ...over,
  };
}

beforeEach(() => {
  useChatStore.getState().clearAll();
  localStorage.clear();
});

describe('history sent with a question', () => {
  it('keeps only ok text/assistant messages, oldest first, with role, content, id', () => {
    const list = [
      msg({ id: 'q1', message: '问题一' }),
      msg({ id: 'a1', target: 'assistant', message: '回答一' }),
      msg({ id: 'a1x', target: 'assistant', state: 'error', message: '失败的回答' }),
      msg({ id: 'tpl', messageType: 'template', message: '模板' }),
      msg({ id: 'img', messageType: 'image', message: 'http://x/y.png' }),
      msg({ id: 'sys', target: 'system', message: 'system' }),
      msg({ id: 'q2', message: '问题二' }),
      msg({ id: 'a2', target: 'assistant', messageType: 'assistant', message: '回答二' }),
      msg({ id: 'w', target: 'assistant', state: 'waite', message: '' }),
    ];
    expect(historyForRequest(list)).toEqual([
      { role: 'user', content: '问题一', id: 'q1' },
      { role: 'assistant', content: '回答一', id: 'a1' },
      { role: 'user', content: '问题二', id: 'q2' },
      { role: 'assistant', content: '回答二', id: 'a2' },
    ]);
  });

  it('sends only the newest messages of a long chat', () => {
    const list = Array.from({ length: 300 }, (_, i) => msg({ id: `n${i}`, target: i % 2 ? 'assistant' : 'user' }));
    const sent = historyForRequest(list);
    expect(sent).toHaveLength(HISTORY_MAX_MESSAGES);
    expect(sent.at(-1)?.id).toBe('n299');
  });
});

describe('known failed replies', () => {
  it('recognizes the three failure texts of the spec', () => {
    for (const t of MSG.knownFailedReplies) expect(isKnownFailedReply(t)).toBe(true);
    expect(isKnownFailedReply('[1214][prompt 参数非法。请检查文档。]\n')).toBe(true);
    expect(isKnownFailedReply('请求失败')).toBe(false);
  });

  it('turns a settled reply equal to one of them into an error showing 请稍后尝试...', () => {
    const s = useChatStore.getState();
    const sid = s.currentId;
    s.addExchange(sid, msg({ id: 'q' }), msg({ id: 'r', target: 'assistant', state: 'waite', message: '' }));
    s.appendDelta(sid, 'r', { text: '请求失败，请清空会话后重试，' });
    s.appendDelta(sid, 'r', { text: '本次不扣次数。' });
    s.settle(sid, 'r');
    const reply = selectCurrentMessages(useChatStore.getState()).find((m) => m.id === 'r');
    expect(reply?.state).toBe('error');
    expect(reply?.errorText).toBe(MSG.retryLater);
    expect(historyForRequest(selectCurrentMessages(useChatStore.getState())).map((m) => m.id)).toEqual(['q']);
  });

  it('settles a normal reply as ok', () => {
    const s = useChatStore.getState();
    s.addExchange(s.currentId, msg({ id: 'q' }), msg({ id: 'r', target: 'assistant', state: 'waite', message: '' }));
    s.appendDelta(s.currentId, 'r', { text: '正常回答' });
    s.settle(s.currentId, 'r');
    expect(selectCurrentMessages(useChatStore.getState()).find((m) => m.id === 'r')?.state).toBe('ok');
  });
});

describe('chat store', () => {
  it('de-duplicates messages by id, keeping the latest copy in place', () => {
    const a = msg({ id: 'a', message: 'old' });
    const b = msg({ id: 'b' });
    expect(dedupeById([a, b, { ...a, message: 'new' }]).map((m) => `${m.id}:${m.message}`)).toEqual(['a:new', `b:${b.message}`]);

    const s = useChatStore.getState();
    s.addExchange(s.currentId, msg({ id: 'q' }), msg({ id: 'r', target: 'assistant' }));
    s.addExchange(s.currentId, msg({ id: 'q' }), msg({ id: 'r', target: 'assistant', message: 'again' }));
    expect(selectCurrentMessages(useChatStore.getState()).map((m) => m.id)).toEqual(['q', 'r']);
  });

  it('names a session from its first question and defaults to 新的对话 and v35', () => {
    const s = useChatStore.getState();
    const cur = selectCurrentSession(s);
    expect(cur?.name).toBe('新的对话');
    expect(cur?.model).toBe('v35');
    s.addExchange(s.currentId, msg({ message: '如何学习 TypeScript？' }), msg({ target: 'assistant', state: 'waite' }));
    expect(selectCurrentSession(useChatStore.getState())?.name).toBe('如何学习 TypeScript？');
  });

  it('times the reasoning from the first answer chunk', () => {
    const s = useChatStore.getState();
    s.addExchange(s.currentId, msg(), msg({ id: 'r', target: 'assistant', state: 'waite', message: '', dateTime: Date.now() - 3000 }));
    s.appendDelta(s.currentId, 'r', { reasoning: '思考' });
    expect(selectCurrentMessages(useChatStore.getState()).at(-1)?.reasoningMs).toBeUndefined();
    s.appendDelta(s.currentId, 'r', { text: '答' });
    expect(selectCurrentMessages(useChatStore.getState()).at(-1)?.reasoningMs).toBeGreaterThanOrEqual(3000);
  });

  it('switching model reuses an empty session and starts a new one after messages', () => {
    const s = useChatStore.getState();
    const first = s.currentId;
    s.switchModel('deepseek-r1');
    expect(useChatStore.getState().currentId).toBe(first);
    expect(selectCurrentSession(useChatStore.getState())?.model).toBe('deepseek-r1');
    s.addExchange(first, msg(), msg({ target: 'assistant' }));
    s.switchModel('v35');
    const st = useChatStore.getState();
    expect(st.currentId).not.toBe(first);
    expect(selectCurrentSession(st)?.model).toBe('v35');
    expect(st.sessions.find((x) => x.id === first)?.data).toHaveLength(2);
  });

  it('loads a server record as the current session', () => {
    const record: RecordDataRes = {
      id: 'rec-1',
      title: '旧对话',
      model: 'deepseek-r1',
      messageCount: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:01:00.000Z',
      messages: [
        { id: 'u1', role: 'user', content: '问', reasoning: '', model: 'deepseek-r1', state: 'ok', createdAt: '2026-01-01T00:00:00.000Z' },
        {
          id: 'a1',
          role: 'assistant',
          content: '答',
          reasoning: '想',
          model: 'deepseek-r1',
          state: 'ok',
          createdAt: '2026-01-01T00:00:01.000Z',
          search: { query: '问', sources: [{ title: '来源', href: 'https://example.com/a' }] },
          tools: [{ id: 'c1', name: 'get_time', server: '时间', arguments: '{}', ok: true, content: '12:00' }],
        },
      ],
    };
    useChatStore.getState().loadRecord(record);
    const cur = selectCurrentSession(useChatStore.getState());
    expect(cur?.id).toBe('rec-1');
    expect(cur?.conversationId).toBe('rec-1');
    expect(cur?.name).toBe('旧对话');
    expect(cur?.data.map((m) => [m.target, m.message, m.reasoning])).toEqual([
      ['user', '问', ''],
      ['assistant', '答', '想'],
    ]);
    // The reply's web search and tool call come back with it, finished.
    expect(cur?.data[0]?.search).toBeUndefined();
    expect(cur?.data[1]?.search).toEqual({ query: '问', sources: [{ title: '来源', href: 'https://example.com/a' }], done: true });
    expect(cur?.data[1]?.tools).toEqual([{ id: 'c1', name: 'get_time', server: '时间', arguments: '{}', ok: true, content: '12:00' }]);
  });

  it('persists under chat_storage without the sending flag, and clears on logout', () => {
    const s = useChatStore.getState();
    s.setSending(true);
    s.addExchange(s.currentId, msg({ id: 'keep', message: '保存我' }), msg({ target: 'assistant' }));
    flushChatStorage();
    const raw = localStorage.getItem(STORAGE_KEYS.chat);
    expect(raw).toContain('保存我');
    expect(JSON.parse(raw ?? '{}').state.sending).toBeUndefined();

    s.clearAll();
    flushChatStorage();
    expect(localStorage.getItem(STORAGE_KEYS.chat) ?? '').not.toContain('保存我');
    expect(selectCurrentMessages(useChatStore.getState())).toEqual([]);
  });

  it('clears the chats when the user logs out', () => {
    const s = useChatStore.getState();
    s.addExchange(s.currentId, msg({ message: '私人问题' }), msg({ target: 'assistant' }));
    s.newChat('v35');
    expect(useChatStore.getState().sessions.some((x) => x.data.length > 0)).toBe(true);
    emitLoggedOut();
    expect(useChatStore.getState().sessions.every((x) => x.data.length === 0)).toBe(true);
  });

  it('marks a reply still waiting in storage as failed when the page loads again', async () => {
    const stored = {
      state: {
        currentId: 's1',
        sessions: [{ id: 's1', name: 'x', model: 'v35', dateTime: 1, data: [msg({ id: 'w', target: 'assistant', state: 'waite' })] }],
      },
      version: 1,
    };
    localStorage.setItem(STORAGE_KEYS.chat, JSON.stringify(stored));
    await useChatStore.persist.rehydrate();
    const w = selectCurrentMessages(useChatStore.getState()).find((m) => m.id === 'w');
    expect(w?.state).toBe('error');
    expect(useChatStore.getState().sending).toBe(false);
  });
});

describe('clear and regenerate', () => {
  it('clear chat empties the session (template messages again) and starts a new server conversation', () => {
    const st = useChatStore.getState();
    const sid = st.currentId;
    st.addExchange(sid, msg(), msg({ target: 'assistant' }));
    st.setConversationId(sid, 'conv-old');
    useChatStore.getState().clearMessages(sid);
    const s = selectCurrentSession(useChatStore.getState())!;
    expect(s.id).toBe(sid);
    expect(s.data).toEqual([]);
    expect(s.conversationId).toBeTruthy();
    expect(s.conversationId).not.toBe('conv-old');
  });

  it('dropping the last exchange removes the last question and its reply, and returns the question', () => {
    const st = useChatStore.getState();
    const sid = st.currentId;
    const q1 = msg();
    const a1 = msg({ target: 'assistant' });
    const q2 = msg({ message: '最后的问题' });
    const a2 = msg({ target: 'assistant' });
    st.addExchange(sid, q1, a1);
    st.addExchange(sid, q2, a2);
    expect(useChatStore.getState().dropLastExchange(sid)?.message).toBe('最后的问题');
    expect(selectCurrentMessages(useChatStore.getState()).map((m) => m.id)).toEqual([q1.id, a1.id]);
    useChatStore.getState().clearMessages(sid);
    expect(useChatStore.getState().dropLastExchange(sid)).toBeUndefined();
  });
});

describe('a chat started from a battle column', () => {
  it('holds the exchanges as ok messages of that model, is current, and is titled by the first question', () => {
    useChatStore.getState().startWith('deepseek_v3', [
      { role: 'user', content: '比较一下两种排序', id: 'r1' },
      { role: 'assistant', content: '快排更快', id: 'a1' },
    ]);
    const st = useChatStore.getState();
    const current = st.sessions.find((s) => s.id === st.currentId)!;
    expect(current.model).toBe('deepseek_v3');
    expect(current.name).toBe('比较一下两种排序');
    expect(current.data.map((m) => [m.target, m.message, m.state, m.modelname])).toEqual([
      ['user', '比较一下两种排序', 'ok', 'deepseek_v3'],
      ['assistant', '快排更快', 'ok', 'deepseek_v3'],
    ]);
  });
});
