import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { MSG, STORAGE_KEYS, type GroupDetailsRes, type GroupItem } from '@wanxiang/contract';
import { uuid } from './chat-state';
import { onLoggedOut } from '../app-events';

/**
 * Multi-model comparison sessions (docs/product/battle.md §3: "comparison sessions share the shape and live
 * in a separate list"). Persisted under `chat_storage_battle`: the spec keeps both lists in
 * chat_storage, but here the chat store owns that key whole (zustand persist rewrites it on
 * every change), so the comparison list lives beside it under the same prefix and is cleared
 * with it on logout. Logged-in users also keep their sessions on the server (groups API).
 */
export const BATTLE_STORAGE_KEY = `${STORAGE_KEYS.chat}_battle`;

/** Local comparison sessions kept; the sidebar shows the newest 6. */
export const MAX_BATTLE_SESSIONS = 30;
export const BATTLE_SIDEBAR_MAX = 6;

export type AnswerState = 'ok' | 'waite' | 'error';

export interface BattleAnswer {
  id: string;
  model: string;
  message: string;
  reasoning: string;
  state: AnswerState;
  /** Shown instead of the text when the column failed or was refused. */
  errorText?: string;
  /** The server's id of a streaming answer (its `meta` messageId): a reload re-attaches to it (issue 17). */
  streamId?: string;
}

export interface BattleRound {
  /** The question's id (names the round on the server too). */
  id: string;
  question: string;
  dateTime: number;
  /** Column order: the models switched on when the question was asked. */
  models: string[];
  answers: Record<string, BattleAnswer>;
  /** The model the user judged best (groups comment/submit). */
  best?: string;
  /** Saved to the server (groups record/add). */
  saved?: boolean;
}

export interface BattleSession {
  id: string;
  name: string;
  models: string[];
  multiTurn: boolean;
  rounds: BattleRound[];
  dateTime: number;
  /** Known to exist on the server, with rounds not yet read (listed there, not opened here). */
  remote?: boolean;
}

export interface BattleState {
  sessions: BattleSession[];
  currentId: string;
  sending: boolean;
}

export interface BattleActions {
  /** The current session, made on first use with `defaults` as its models. */
  ensureCurrent(defaults: string[]): BattleSession;
  newSession(models: string[], multiTurn?: boolean): BattleSession;
  select(id: string): void;
  remove(id: string): void;
  setModels(id: string, models: string[]): void;
  setMultiTurn(id: string, multiTurn: boolean): void;
  /** Empties a session's rounds (the panel's reset). */
  resetRounds(id: string): void;
  addRound(id: string, round: BattleRound): void;
  appendAnswer(id: string, roundId: string, model: string, delta: { text?: string; reasoning?: string }): void;
  patchAnswer(id: string, roundId: string, model: string, patch: Partial<BattleAnswer>): void;
  patchRound(id: string, roundId: string, patch: Partial<BattleRound>): void;
  setSending(sending: boolean): void;
  /** Server sessions not seen here are listed (rounds read when opened). */
  mergeRemote(items: GroupItem[]): void;
  /** A server session's rounds, read when opened. */
  loadDetails(details: GroupDetailsRes): void;
  clearAll(): void;
}

export type BattleStore = BattleState & BattleActions;

function blankSession(models: string[], multiTurn = false): BattleSession {
  return { id: uuid(), name: MSG.battleNewChat, models, multiTurn, rounds: [], dateTime: Date.now() };
}

const titleOf = (question: string) => Array.from(question.replace(/\s+/g, ' ').trim()).slice(0, 30).join('') || MSG.battleNewChat;

function mapSession(sessions: BattleSession[], id: string, fn: (s: BattleSession) => BattleSession): BattleSession[] {
  return sessions.map((s) => (s.id === id ? fn(s) : s));
}

function mapRound(s: BattleSession, roundId: string, fn: (r: BattleRound) => BattleRound): BattleSession {
  return { ...s, rounds: s.rounds.map((r) => (r.id === roundId ? fn(r) : r)) };
}

function mapAnswer(r: BattleRound, model: string, fn: (a: BattleAnswer) => BattleAnswer): BattleRound {
  const a = r.answers[model];
  return a ? { ...r, answers: { ...r.answers, [model]: fn(a) } } : r;
}

/** Server rounds (question row, then answers, by round number) as local rounds. */
export function roundsFromDetails(details: GroupDetailsRes): BattleRound[] {
  const byRound = new Map<number, BattleRound>();
  for (const m of details.messages) {
    let round = byRound.get(m.round);
    if (!round) {
      round = { id: '', question: '', dateTime: Date.parse(m.createdAt) || Date.now(), models: [], answers: {}, saved: true };
      byRound.set(m.round, round);
    }
    if (m.role === 'user') {
      round.id = m.id;
      round.question = m.content;
    } else {
      round.models.push(m.model);
      round.answers[m.model] = {
        id: m.id,
        model: m.model,
        message: m.content,
        reasoning: m.reasoning,
        state: m.state === 'ok' ? 'ok' : 'error',
        ...(m.state === 'ok' ? {} : { errorText: MSG.retryLater }),
      };
    }
  }
  return [...byRound.values()].filter((r) => r.id);
}

export const useBattleStore = create<BattleStore>()(
  persist(
    (set, get) => ({
      sessions: [],
      currentId: '',
      sending: false,

      ensureCurrent(defaults) {
        const { sessions, currentId } = get();
        return sessions.find((s) => s.id === currentId) ?? get().newSession(defaults);
      },

      newSession(models, multiTurn = false) {
        const fresh = blankSession(models, multiTurn);
        // An untouched session is replaced rather than piling up empty ones.
        set((st) => ({
          sessions: [fresh, ...st.sessions.filter((s) => s.rounds.length > 0 || s.remote)].slice(0, MAX_BATTLE_SESSIONS),
          currentId: fresh.id,
        }));
        return fresh;
      },

      select(id) {
        if (get().sessions.some((s) => s.id === id)) set({ currentId: id });
      },

      remove(id) {
        set((st) => ({ sessions: st.sessions.filter((s) => s.id !== id), currentId: st.currentId === id ? '' : st.currentId }));
      },

      setModels(id, models) {
        set((st) => ({ sessions: mapSession(st.sessions, id, (s) => ({ ...s, models })) }));
      },

      setMultiTurn(id, multiTurn) {
        set((st) => ({ sessions: mapSession(st.sessions, id, (s) => ({ ...s, multiTurn })) }));
      },

      resetRounds(id) {
        set((st) => ({ sessions: mapSession(st.sessions, id, (s) => ({ ...s, rounds: [], name: MSG.battleNewChat })) }));
      },

      addRound(id, round) {
        set((st) => ({
          sessions: mapSession(st.sessions, id, (s) => ({
            ...s,
            name: s.rounds.length === 0 ? titleOf(round.question) : s.name,
            rounds: [...s.rounds, round],
            dateTime: Date.now(),
          })),
        }));
      },

      appendAnswer(id, roundId, model, delta) {
        set((st) => ({
          sessions: mapSession(st.sessions, id, (s) =>
            mapRound(s, roundId, (r) =>
              mapAnswer(r, model, (a) => ({
                ...a,
                message: delta.text ? a.message + delta.text : a.message,
                reasoning: delta.reasoning ? a.reasoning + delta.reasoning : a.reasoning,
              })),
            ),
          ),
        }));
      },

      patchAnswer(id, roundId, model, patch) {
        set((st) => ({
          sessions: mapSession(st.sessions, id, (s) => mapRound(s, roundId, (r) => mapAnswer(r, model, (a) => ({ ...a, ...patch })))),
        }));
      },

      patchRound(id, roundId, patch) {
        set((st) => ({ sessions: mapSession(st.sessions, id, (s) => mapRound(s, roundId, (r) => ({ ...r, ...patch }))) }));
      },

      setSending(sending) {
        set({ sending });
      },

      mergeRemote(items) {
        set((st) => {
          const known = new Set(st.sessions.map((s) => s.id));
          const added: BattleSession[] = items
            .filter((g) => !known.has(g.id))
            .map((g) => ({
              id: g.id,
              name: g.title,
              models: g.models,
              multiTurn: g.multiTurn,
              rounds: [],
              dateTime: Date.parse(g.updatedAt) || Date.now(),
              remote: g.messageCount > 0,
            }));
          if (added.length === 0) return {};
          const sessions = [...st.sessions, ...added].sort((a, b) => b.dateTime - a.dateTime).slice(0, MAX_BATTLE_SESSIONS);
          return { sessions };
        });
      },

      loadDetails(details) {
        set((st) => ({
          sessions: mapSession(st.sessions, details.id, (s) => ({
            ...s,
            name: details.title,
            models: details.models,
            multiTurn: details.multiTurn,
            rounds: roundsFromDetails(details),
            remote: false,
          })),
        }));
      },

      clearAll() {
        set({ sessions: [], currentId: '', sending: false });
      },
    }),
    {
      name: BATTLE_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): Pick<BattleState, 'sessions' | 'currentId'> => ({ sessions: s.sessions, currentId: s.currentId }),
      // An answer still streaming when the page closed goes on at the server when it was named (its
      // streamId): the battle page re-attaches to it (battle-runner resumeBattle). One cut before that is lost.
      merge: (persisted, current) => {
        const p = persisted as Partial<BattleState> | undefined;
        if (!p?.sessions) return current;
        const sessions = p.sessions.map((s) => ({
          ...s,
          rounds: s.rounds.map((r) => ({
            ...r,
            answers: Object.fromEntries(
              Object.entries(r.answers).map(([k, a]) => [
                k,
                a.state === 'waite' && !a.streamId ? { ...a, state: 'error' as const, errorText: MSG.retryLater } : a,
              ]),
            ),
          })),
        }));
        return { ...current, sessions, currentId: p.currentId ?? '', sending: false };
      },
    },
  ),
);

// Comparison sessions belong to the account like chats do.
onLoggedOut(() => useBattleStore.getState().clearAll());
