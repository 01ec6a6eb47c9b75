import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './chat-state';
import { historyForRequest } from './chat-rules';
import { childrenByParent, pathThrough, ROOT, serverId, siblingPlace, switchSibling, visiblePath } from './chat-branches';

const msg = (id: string, target: 'user' | 'assistant', parentId?: string, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  target,
  parentId,
  state: 'ok',
  message: `${id}的内容`,
  reasoning: '',
  messageType: 'text',
  modelname: 'v35',
  dateTime: 0,
  ...over,
});

/** q1 → a1 | a2 (regenerated); q1b (edited) → a3; a1 → q2 → a4. */
const tree = [
  msg('q1', 'user', ROOT),
  msg('a1', 'assistant', 'q1'),
  msg('a2', 'assistant', 'q1'),
  msg('q1b', 'user', ROOT),
  msg('a3', 'assistant', 'q1b'),
  msg('q2', 'user', 'a1'),
  msg('a4', 'assistant', 'q2'),
];
const ids = (list: readonly ChatMessage[]) => list.map((m) => m.id);

describe('chat branches', () => {
  it('shows the newest sibling at every fork when nothing is picked', () => {
    expect(ids(visiblePath(tree))).toEqual(['q1b', 'a3']);
  });

  it('follows the picked siblings, and the conversation continues under the shown one', () => {
    expect(ids(visiblePath(tree, { [ROOT]: 'q1' }))).toEqual(['q1', 'a2']);
    expect(ids(visiblePath(tree, { [ROOT]: 'q1', q1: 'a1' }))).toEqual(['q1', 'a1', 'q2', 'a4']);
    // A pick naming a message that is gone (a stopped empty answer) falls back to the newest.
    expect(ids(visiblePath(tree, { [ROOT]: 'q1', q1: 'gone' }))).toEqual(['q1', 'a2']);
  });

  it('messages saved before branches follow the one before them', () => {
    const flat = [msg('x1', 'user'), msg('y1', 'assistant'), msg('x2', 'user'), msg('y2', 'assistant')];
    expect(ids(visiblePath(flat))).toEqual(['x1', 'y1', 'x2', 'y2']);
    expect(childrenByParent(flat).get('x1')?.map((m) => m.id)).toEqual(['y1']);
    // A regenerated answer under the old last question becomes its sibling.
    const regenerated = [...flat, msg('y2b', 'assistant', 'x2')];
    expect(ids(visiblePath(regenerated))).toEqual(['x1', 'y1', 'x2', 'y2b']);
    expect(siblingPlace(regenerated, 'y2')).toEqual({ parent: 'x2', ids: ['y2', 'y2b'], index: 0 });
  });

  it('switches one sibling at a time and stops at the ends', () => {
    expect(siblingPlace(tree, 'a2')).toEqual({ parent: 'q1', ids: ['a1', 'a2'], index: 1 });
    const back = switchSibling(tree, { [ROOT]: 'q1' }, 'a2', -1);
    expect(back).toEqual({ [ROOT]: 'q1', q1: 'a1' });
    expect(ids(visiblePath(tree, back))).toEqual(['q1', 'a1', 'q2', 'a4']);
    expect(switchSibling(tree, back, 'a1', -1)).toBe(back);
    const next = switchSibling(tree, back, 'q1', 1);
    expect(ids(visiblePath(tree, next))).toEqual(['q1b', 'a3']);
    expect(siblingPlace(tree, 'q2')).toEqual({ parent: 'a1', ids: ['q2'], index: 0 });
  });

  it('history sent with a question is the shown branch only, up to the message it follows', () => {
    const shown = visiblePath(tree, { [ROOT]: 'q1', q1: 'a1' });
    expect(historyForRequest(pathThrough(shown, 'a4')).map((h) => h.id)).toEqual(['q1', 'a1', 'q2', 'a4']);
    // Editing q2 asks under a1: only q1 and a1 go along, never a2, q1b or a3.
    expect(historyForRequest(pathThrough(shown, 'a1')).map((h) => h.id)).toEqual(['q1', 'a1']);
    // Editing the first question: nothing before it.
    expect(pathThrough(shown, ROOT)).toEqual([]);
  });

  it('an answer is known to the server by its stream id', () => {
    expect(serverId(msg('local', 'assistant', 'q1', { streamId: 'srv' }))).toBe('srv');
    expect(serverId(msg('q', 'user', ROOT))).toBe('q');
  });
});
