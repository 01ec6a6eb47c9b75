import { describe, expect, it } from 'vitest';
import type { ChatDelta } from './chat';
import { createFrameBatcher } from './chat-frame-batch';

function manualFrames() {
  let pending: (() => void) | null = null;
  return {
    schedule: (cb: () => void) => {
      pending = cb;
      return () => {
        pending = null;
      };
    },
    tick: () => {
      const cb = pending;
      pending = null;
      cb?.();
    },
    get scheduled() {
      return pending !== null;
    },
  };
}

describe('createFrameBatcher', () => {
  it('applies all chunks of one frame as a single update', () => {
    const frames = manualFrames();
    const applied: ChatDelta[] = [];
    const b = createFrameBatcher((d) => applied.push(d), frames.schedule);
    b.push({ reasoning: '想' });
    b.push({ text: '你' });
    b.push({ text: '好' });
    expect(applied).toEqual([]);
    frames.tick();
    expect(applied).toEqual([{ text: '你好', reasoning: '想' }]);
    b.push({ text: '！' });
    frames.tick();
    expect(applied).toEqual([{ text: '你好', reasoning: '想' }, { text: '！' }]);
  });

  it('flush applies pending chunks at once and cancels the frame', () => {
    const frames = manualFrames();
    const applied: ChatDelta[] = [];
    const b = createFrameBatcher((d) => applied.push(d), frames.schedule);
    b.push({ text: '尾巴' });
    b.flush();
    expect(applied).toEqual([{ text: '尾巴' }]);
    expect(frames.scheduled).toBe(false);
    b.flush();
    expect(applied).toHaveLength(1);
  });
});
