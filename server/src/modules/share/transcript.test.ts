import { describe, expect, it } from 'vitest';
import { visibleBranch } from './transcript';

type M = { id: string; role: string; state: string; parentId: string | null };
const q = (id: string, parentId: string | null): M => ({ id, role: 'user', state: 'ok', parentId });
const a = (id: string, parentId: string | null, state = 'ok'): M => ({ id, role: 'assistant', state, parentId });
const ids = (ms: M[]) => visibleBranch(ms).map((m) => m.id);

/** Which messages of a conversation tree a share page and an export show. */
describe('visibleBranch', () => {
  it('keeps a conversation saved before branches in its saved order', () => {
    expect(ids([q('q1', null), a('a1', null), q('q2', null), a('a2', null)])).toEqual(['q1', 'a1', 'q2', 'a2']);
  });

  it('follows the newest sibling at each fork, and what was asked after it', () => {
    const tree = [q('q1', ''), a('a1', 'q1'), q('q2', 'a1'), a('a2', 'q2'), a('a1b', 'q1'), q('q3', 'a1b'), a('a3', 'q3')];
    expect(ids(tree)).toEqual(['q1', 'a1b', 'q3', 'a3']);
    // An edited first question (a sibling at the root) becomes the shown start.
    expect(ids([...tree, q('q1b', ''), a('a4', 'q1b')])).toEqual(['q1b', 'a4']);
  });

  it('prefers a finished answer to a newer failed one', () => {
    expect(ids([q('q1', ''), a('a1', 'q1'), a('a1b', 'q1', 'error')])).toEqual(['q1', 'a1']);
  });

  it('mixes old linear messages with a later fork', () => {
    expect(ids([q('q1', null), a('a1', null), q('q2', 'a1'), a('a2', 'q2'), a('a2b', 'q2')])).toEqual(['q1', 'a1', 'q2', 'a2b']);
  });
});
