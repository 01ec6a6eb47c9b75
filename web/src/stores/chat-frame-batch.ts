import type { ChatDelta } from './chat';

export interface FrameBatcher {
  push(delta: ChatDelta): void;
  /** Applies what is pending now (stream end, stop). */
  flush(): void;
}

type Schedule = (cb: () => void) => () => void;

const nextFrame: Schedule = (cb) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(cb);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(cb, 16);
  return () => clearTimeout(id);
};

/**
 * Coalesces stream chunks into one store update per animation frame (STYLE 12): a fast model
 * sends several chunks per frame, and each store update re-renders the live message.
 */
export function createFrameBatcher(apply: (delta: ChatDelta) => void, schedule: Schedule = nextFrame): FrameBatcher {
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
