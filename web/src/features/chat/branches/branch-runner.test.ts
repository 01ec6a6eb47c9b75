import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '../../../stores/chat';
import { selectCurrentMessages, selectCurrentSession, selectSiblingLabel } from '../../../stores/chat-selectors';
import { runChat, type RunHandlers } from '../chat-runner';

vi.mock('../../../api/feedback', () => ({ questionExtend: vi.fn(async () => []) }));

const sse = (...frames: [string, unknown][]) => frames.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join('');
const state = () => useChatStore.getState();
const h: RunHandlers = { onRefusal: () => undefined, onNoCount: () => undefined, onDone: () => undefined };

/** One answer from the server: `meta` names it `serverId`, then its text. */
async function answer(text: string, serverId: string, req: Partial<Parameters<typeof runChat>[0]> & { prompt: string }) {
  const fn = vi.fn(async () =>
    new Response(sse(['meta', { conversationId: 'c', messageId: serverId, model: 'v35' }], ['text', { text }], ['done', { messageId: serverId }]), {
      headers: { 'content-type': 'text/event-stream' },
    }),
  );
  vi.stubGlobal('fetch', fn);
  await runChat({ sessionId: state().currentId, model: 'v35', ...req }, h);
  return JSON.parse(String((fn.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as Record<string, unknown>;
}
const shown = () => selectCurrentMessages(state()).map((m) => m.message);

beforeEach(() => {
  vi.unstubAllGlobals();
  state().clearAll();
});

describe('branches through the runner', () => {
  it('regenerate keeps the old answer as a sibling; switching back continues from it; edits and history follow the shown branch', async () => {
    const first = await answer('答一', 's1', { prompt: '问题' });
    expect(first).toMatchObject({ parentId: '', messages: [] });
    const question = selectCurrentMessages(state())[0]!;

    // Regenerate: the same question (its id), a second answer beside the first.
    const again = await answer('答二', 's2', { prompt: '问题', again: question });
    expect(again).toMatchObject({ messageId: question.id, parentId: '', messages: [] });
    expect(shown()).toEqual(['问题', '答二']);
    const [, a2] = selectCurrentMessages(state());
    expect(selectSiblingLabel(a2!.id)(state())).toBe('2/2');
    expect(selectCurrentSession(state())?.data).toHaveLength(3);

    // < : the first answer again, and the next question goes on from it (its server id is the parent).
    state().showSibling(state().currentId, a2!.id, -1);
    expect(shown()).toEqual(['问题', '答一']);
    const next = await answer('答三', 's3', { prompt: '接着问' });
    expect(next.parentId).toBe('s1');
    expect((next.messages as { content: string }[]).map((m) => m.content)).toEqual(['问题', '答一']);
    expect(shown()).toEqual(['问题', '答一', '接着问', '答三']);

    // Editing the first question: a sibling question with its own answer, nothing before it as history.
    const edited = await answer('答四', 's4', { prompt: '改过的问题', parentId: '' });
    expect(edited).toMatchObject({ parentId: '', messages: [] });
    expect(shown()).toEqual(['改过的问题', '答四']);
    const q2 = selectCurrentMessages(state())[0]!;
    expect(selectSiblingLabel(q2.id)(state())).toBe('2/2');
    state().showSibling(state().currentId, q2.id, -1);
    // Back on the first question, the branch picked under it is still picked.
    expect(shown()).toEqual(['问题', '答一', '接着问', '答三']);
  });

  it('a record reopened from history shows the whole tree, the newest branch visible', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const m = (id: string, role: 'user' | 'assistant', parentId: string | undefined, content: string) => ({
      id,
      role,
      content,
      reasoning: '',
      model: 'v35',
      state: 'ok' as const,
      createdAt: at,
      ...(parentId !== undefined ? { parentId } : {}),
    });
    state().loadRecord({
      id: 'rec-1',
      title: '问题',
      model: 'v35',
      messageCount: 5,
      createdAt: at,
      updatedAt: at,
      messages: [m('q1', 'user', '', '问题'), m('s1', 'assistant', 'q1', '答一'), m('s2', 'assistant', 'q1', '答二'), m('q2', 'user', 's1', '接着问'), m('s3', 'assistant', 'q2', '答三')],
    });
    expect(shown()).toEqual(['问题', '答二']);
    expect(selectSiblingLabel('s2')(state())).toBe('2/2');
    state().showSibling(state().currentId, 's2', -1);
    expect(shown()).toEqual(['问题', '答一', '接着问', '答三']);
  });
});
