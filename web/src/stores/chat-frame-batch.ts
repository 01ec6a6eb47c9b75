import type { ChatDelta } from './chat';

export interface FrameBatcher {
  push(delta: ChatDelta): void;
  /** Applies what is pending now (stream end, stop). */
  flush(): void;
}

type Schedule = (cb: () => void) => () => void;

/**
 * At most one streamed render per this many ms. A render costs about three frames of work on a
 * 2-core machine (markdown of the live block, layout, paint, then the follow scroll: ~15 ms), so
 * rendering on every frame spent 3+ ms of main thread per token at 125 tokens/s (QUALITY G11
 * asks <= 1 ms). Ten updates a second still reads as flowing text, and the first chunk after a
 * pause shows on the next frame.
 */
export const STREAM_RENDER_INTERVAL_MS = 100;

const nextFrame: Schedule = (cb) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(cb);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(cb, 16);
  return () => clearTimeout(id);
};

/**
 * The next frame, but not sooner than `interval` ms after the previous render. Streams share one
 * clock, so battle columns streaming side by side render in the same frame.
 */
export function throttledFrames(
  interval = STREAM_RENDER_INTERVAL_MS,
  now: () => number = () => performance.now(),
  frame: Schedule = nextFrame,
): Schedule {
  let last = -Infinity;
  return (cb) => {
    const run = () => {
      last = now();
      cb();
    };
    const wait = last + interval - now();
    if (wait <= 0) return frame(run);
    let cancelFrame: (() => void) | null = null;
    const timer = setTimeout(() => {
      cancelFrame = frame(run);
    }, wait);
    return () => {
      clearTimeout(timer);
      cancelFrame?.();
    };
  };
}

const streamFrames = throttledFrames();

/**
 * Coalesces stream chunks into one store update per animation frame (STYLE 12), and at most one
 * per STREAM_RENDER_INTERVAL_MS: a fast model sends several chunks per frame, and each store
 * update re-renders the live message.
 */
export function createFrameBatcher(apply: (delta: ChatDelta) => void, schedule: Schedule = streamFrames): FrameBatcher {
  let text = '';
  let reasoning = '';
  let cancel: (() => void) | null = null;

  const flush = (): void => {
    cancel?.();
    cancel = null;
    if (!text && !reasoning) return;
    const delta: ChatDelta = {};
    if (text) delta.text = text;
    if (reasoning) delta.reasoning = reasoning;
    text = '';
    reasoning = '';
    apply(delta);
  };

  return {
    push(delta) {
      if (delta.text) text += delta.text;
      if (delta.reasoning) reasoning += delta.reasoning;
      cancel ??= schedule(() => {
        cancel = null;
        flush();
      });
    },
    flush,
  };
}
