import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Code, MSG } from '@wanxiang/contract';
import type { ChatStreamItem, ChatStreamOptions } from '../api/chat-stream';
import type { ChatDelta } from '../stores/chat';
import { runAnswerStream } from './answer-stream';
import { useAnswerStream } from './useAnswerStream';

/** Frames that run when the test ticks. */
function manualFrames() {
  let pending: (() => void)[] = [];
  return {
    schedule: (cb: () => void) => {
      pending.push(cb);
      return () => {
        pending = pending.filter((p) => p !== cb);
      };
    },
    tick() {
      const due = pending;
      pending = [];
      for (const cb of due) cb();
    },
  };
}

/** A stream the test feeds item by item; it ends when the test ends it or the signal aborts. */
function controlledStream() {
  const queue: (ChatStreamItem | 'end')[] = [];
  let wake: (() => void) | null = null;
  const seen: ChatStreamOptions[] = [];
  const stream = async function* (opts: ChatStreamOptions): AsyncGenerator<ChatStreamItem> {
    seen.push(opts);
    opts.signal?.addEventListener('abort', () => wake?.());
    for (;;) {
      if (opts.signal?.aborted) return;
      const next = queue.shift();
      if (next === 'end') return;
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((r) => (wake = r));
    }
  };
  return {
    stream,
    seen,
    push(...items: (ChatStreamItem | 'end')[]) {
      queue.push(...items);
      wake?.();
    },
  };
}

const flushAsync = () => new Promise((r) => setTimeout(r, 0));

describe('runAnswerStream', () => {
  it('batches text and reasoning per frame and hands other events over after the text before them', async () => {
    const frames = manualFrames();
    const src = controlledStream();
    const log: (ChatDelta | string)[] = [];
    const run = runAnswerStream(
      { model: 'm', body: { prompt: 'q' } },
      new AbortController().signal,
      { onDelta: (d) => log.push(d), onEvent: (e) => log.push(e.event) },
      { stream: src.stream, schedule: frames.schedule },
    );
    src.push(
      { event: 'meta', data: { conversationId: 'c', messageId: 'x', model: 'm' } },
      { event: 'reasoning', data: { text: '想' } },
      { event: 'text', data: { text: '你' } },
      { event: 'text', data: { text: '好' } },
    );
    await flushAsync();
    expect(log).toEqual(['meta']);
    frames.tick();
    expect(log).toEqual(['meta', { text: '你好', reasoning: '想' }]);
    src.push({ event: 'text', data: { text: '！' } }, { event: 'tool_call', data: { id: 't', name: 'web', arguments: '{}' } });
    await flushAsync();
    expect(log.slice(2)).toEqual([{ text: '！' }, 'tool_call']);
    src.push({ event: 'done', data: { messageId: 'x' } }, { event: 'text', data: { text: 'after' } });
    const out = await run;
    expect(out).toMatchObject({ status: 'done', text: '你好！', reasoning: '想', done: { messageId: 'x' }, meta: { conversationId: 'c' } });
  });

  it('answers failed for an error or a quota notice, refused for an envelope, stopped when aborted', async () => {
    const once = (items: ChatStreamItem[]) => ({ stream: async function* () { yield* items; } });
    const sig = new AbortController().signal;
    const req = { model: 'm', body: { prompt: 'q' } };
    expect(await runAnswerStream(req, sig, {}, once([{ event: 'error', data: { code: 502, msg: '' } }]))).toMatchObject({
      status: 'failed',
      error: { code: 502, msg: MSG.streamError },
    });
    expect(await runAnswerStream(req, sig, {}, once([{ event: 'no_count', data: { text: '' } }]))).toMatchObject({
      status: 'failed',
      error: { code: Code.NO_COUNT, msg: MSG.countExhausted },
    });
    expect(await runAnswerStream(req, sig, {}, once([{ event: 'refusal', data: { code: 4003, msg: '请升级' } }]))).toMatchObject({
      status: 'refused',
      error: { code: 4003, msg: '请升级' },
    });
    const src = controlledStream();
    const ctrl = new AbortController();
    const run = runAnswerStream(req, ctrl.signal, {}, { stream: src.stream });
    src.push({ event: 'text', data: { text: '半' } });
    await flushAsync();
    ctrl.abort();
    expect(await run).toMatchObject({ status: 'stopped', text: '半' });
  });
});

describe('useAnswerStream', () => {
  it('streams into its state and ends with the final event', async () => {
    const frames = manualFrames();
    const src = controlledStream();
    const { result } = renderHook(() => useAnswerStream({ stream: src.stream, schedule: frames.schedule }));
    let run!: Promise<unknown>;
    act(() => {
      run = result.current.start({ model: 'm', path: '/v1/x', body: { prompt: 'q' } });
    });
    expect(result.current.running).toBe(true);
    expect(src.seen[0]).toMatchObject({ model: 'm', path: '/v1/x' });
    await act(async () => {
      src.push({ event: 'text', data: { text: '一' } }, { event: 'text', data: { text: '二' } });
      await flushAsync();
      frames.tick();
    });
    expect(result.current.state.text).toBe('一二');
    await act(async () => {
      src.push({ event: 'done', data: { messageId: 'm1' } });
      await run;
    });
    expect(result.current.state).toMatchObject({ status: 'done', text: '一二', done: { messageId: 'm1' } });
    expect(result.current.running).toBe(false);
  });

  it('stop keeps what arrived; a new start drops the old answer; unmount aborts', async () => {
    const src = controlledStream();
    const { result, unmount } = renderHook(() => useAnswerStream({ stream: src.stream }));
    let first!: Promise<{ status: string }>;
    act(() => {
      first = result.current.start({ model: 'm', body: { prompt: 'q' } });
    });
    await act(async () => {
      src.push({ event: 'text', data: { text: '部分' } });
      await flushAsync();
      result.current.stop();
      await first;
    });
    expect(result.current.state).toMatchObject({ status: 'stopped', text: '部分' });

    let second!: Promise<unknown>;
    act(() => {
      second = result.current.start({ model: 'm', body: { prompt: 'again' } });
    });
    expect(result.current.state).toMatchObject({ status: 'streaming', text: '' });
    unmount();
    expect(src.seen[1]?.signal?.aborted).toBe(true);
    await expect(second).resolves.toMatchObject({ status: 'stopped' });
  });
});
