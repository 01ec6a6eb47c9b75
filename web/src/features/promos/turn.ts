import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * Several promo dialogs may want the screen at once (update, notice, banana, guide...). They take
 * turns: each asks with a priority and only the highest-priority asker is shown; when it is done
 * it withdraws and the next one appears. Floating pieces (bars, icons) do not take part.
 */
export const TURN_PRIORITY = {
  update: 100,
  globalNotice: 90,
  notice: 80,
  modelPromo: 70,
  guide: 60,
  deepSeek: 50,
  firstEntry: 40,
  agentGuide: 30,
} as const;
export type TurnId = keyof typeof TURN_PRIORITY;

interface TurnState {
  waiting: TurnId[];
  set(id: TurnId, want: boolean): void;
}

export const useTurns = create<TurnState>()((set) => ({
  waiting: [],
  set: (id, want) =>
    set((s) => {
      const has = s.waiting.includes(id);
      if (want === has) return s;
      return { waiting: want ? [...s.waiting, id] : s.waiting.filter((w) => w !== id) };
    }),
}));

export function currentTurn(waiting: readonly TurnId[]): TurnId | null {
  let best: TurnId | null = null;
  for (const id of waiting) if (best === null || TURN_PRIORITY[id] > TURN_PRIORITY[best]) best = id;
  return best;
}

/** Ask for the screen while `want`; true when it is this dialog's turn. */
export function useTurn(id: TurnId, want: boolean): boolean {
  const setWant = useTurns((s) => s.set);
  const mine = useTurns((s) => currentTurn(s.waiting) === id);
  useEffect(() => {
    setWant(id, want);
    return () => setWant(id, false);
  }, [id, want, setWant]);
  return want && mine;
}
