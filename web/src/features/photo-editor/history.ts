/**
 * Undo/redo of the photo editor: every committed edit is a whole new picture (a canvas), kept in a
 * bounded stack. Whole pictures instead of replayable operations because crops, text and pixel
 * adjustments do not invert cleanly; the bound (steps and total pixels) keeps a phone's memory safe.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
}

export interface HistoryLimits<T> {
  /** At most this many undo steps. */
  maxSteps: number;
  /** At most this total weight (the pixels of every kept picture, present included). */
  maxWeight: number;
  weight: (item: T) => number;
}

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/**
 * A new present: the redo branch goes, the oldest steps go while over a limit. One undo step is
 * always kept, even over the weight limit, so the latest edit can be taken back.
 */
export function pushHistory<T>(h: History<T>, next: T, limits: HistoryLimits<T>): History<T> {
  const past = [...h.past, h.present];
  let total = limits.weight(next) + past.reduce((sum, item) => sum + limits.weight(item), 0);
  while (past.length > 1 && (past.length > limits.maxSteps || total > limits.maxWeight)) {
    total -= limits.weight(past.shift() as T);
  }
  return { past, present: next, future: [] };
}

export function undoHistory<T>(h: History<T>): History<T> {
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1] as T, future: [h.present, ...h.future] };
}

export function redoHistory<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  return { past: [...h.past, h.present], present: h.future[0] as T, future: h.future.slice(1) };
}
