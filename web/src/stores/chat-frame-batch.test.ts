import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatDelta } from './chat';
import { createFrameBatcher, STREAM_RENDER_INTERVAL_MS, throttledFrames } from './chat-frame-batch';

/** Frames that run when the test ticks: every callback waiting for the frame runs in it. */
function manualFrames() {
  let pending: (() => void)[] = [];
  return {
    schedule: (cb: () => void) => {
      pending.push(cb);
      return () => {
        pending = pending.filter((p) => p !== cb);
      };
    },
    tick: () => {
      const due = pending;
      pending = [];
      for (const cb of due) cb();
    },
    get scheduled() {
      return pending.length > 0;
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

describe('throttledFrames', () => {
  afterEach(() => vi.useRealTimers());

  /** A fake clock (vitest timers) and frames that run when the test says so. */
  function setup() {
    vi.useFakeTimers();
    const frames = manualFrames();
    const schedule = throttledFrames(STREAM_RENDER_INTERVAL_MS, () => Date.now(), frames.schedule);
    return { frames, schedule };
  }

  it('renders the first chunk on the next frame, then at most once per interval', () => {
    const { frames, schedule } = setup();
    const applied: ChatDelta[] = [];
    const b = createFrameBatcher((d) => applied.push(d), schedule);

    b.push({ text: '第一' });
    expect(frames.scheduled).toBe(true);
    frames.tick();
    expect(applied).toEqual([{ text: '第一' }]);

    // Chunks right after a render wait for the interval, then for a frame, and arrive as one.
    b.push({ text: '二' });
    vi.advanceTimersByTime(30);
    b.push({ text: '三' });
    expect(frames.scheduled).toBe(false);
    vi.advanceTimersByTime(STREAM_RENDER_INTERVAL_MS - 31);
    expect(frames.scheduled).toBe(false);
    vi.advanceTimersByTime(1);
    expect(frames.scheduled).toBe(true);
    frames.tick();
    expect(applied).toEqual([{ text: '第一' }, { text: '二三' }]);

    // After a quiet spell longer than the interval the next chunk shows on the next frame again.
    vi.advanceTimersByTime(STREAM_RENDER_INTERVAL_MS * 3);
    b.push({ text: '四' });
    expect(frames.scheduled).toBe(true);
    frames.tick();
    expect(applied.at(-1)).toEqual({ text: '四' });
  });

  it('flush at the end of a stream applies the tail at once and cancels the waiting timer', () => {
    const { frames, schedule } = setup();
    const applied: ChatDelta[] = [];
    const b = createFrameBatcher((d) => applied.push(d), schedule);
    b.push({ text: '开头' });
    frames.tick();
    b.push({ text: '结尾' });
    b.flush();
    expect(applied).toEqual([{ text: '开头' }, { text: '结尾' }]);
    vi.advanceTimersByTime(STREAM_RENDER_INTERVAL_MS * 2);
    expect(frames.scheduled).toBe(false);
    expect(applied).toHaveLength(2);
  });

  it('streams sharing one clock render together (battle columns)', () => {
    const { frames, schedule } = setup();
    const left: ChatDelta[] = [];
    const right: ChatDelta[] = [];
    const a = createFrameBatcher((d) => left.push(d), schedule);
    const b = createFrameBatcher((d) => right.push(d), schedule);
    a.push({ text: 'A1' });
    frames.tick();
    vi.advanceTimersByTime(10);
    b.push({ text: 'B1' });
    a.push({ text: 'A2' });
    // Both wait for the same clock: neither renders before the interval has passed since A1.
    vi.advanceTimersByTime(STREAM_RENDER_INTERVAL_MS - 11);
    expect(right).toEqual([]);
    vi.advanceTimersByTime(1);
    frames.tick();
    expect(left).toEqual([{ text: 'A1' }, { text: 'A2' }]);
    expect(right).toEqual([{ text: 'B1' }]);
  });
});
