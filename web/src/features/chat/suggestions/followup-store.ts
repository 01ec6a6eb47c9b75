import { create } from 'zustand';
import { questionExtend } from '../../../api/feedback';

/**
 * Follow-up suggestions of the latest reply (docs/product/chat.md §4, §9): asked for when a reply finishes,
 * shown about a second after it (the reader first sees the answer end), for that reply only.
 */

/** Suggestions appear no sooner than this after the reply ended. */
export const FOLLOWUP_SHOW_DELAY_MS = 1_000;

export interface FollowupState {
  /** The reply the suggestions belong to. */
  replyId: string | null;
  questions: string[];
  request(replyId: string, question: string): Promise<void>;
  clear(): void;
}

let inflight: AbortController | null = null;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const useFollowupStore = create<FollowupState>()((set, get) => ({
  replyId: null,
  questions: [],

  async request(replyId, question) {
    inflight?.abort();
    const controller = new AbortController();
    inflight = controller;
    set({ replyId, questions: [] });
    const shownAt = Date.now() + FOLLOWUP_SHOW_DELAY_MS;
    let questions: string[] = [];
    try {
      questions = await questionExtend(question, controller.signal);
    } catch {
      // Optional feature: a failure shows nothing.
    }
    const left = shownAt - Date.now();
    if (left > 0) await wait(left);
    if (controller.signal.aborted || get().replyId !== replyId) return;
    inflight = null;
    set({ questions: Array.isArray(questions) ? questions.filter((q) => typeof q === 'string' && q.trim()) : [] });
  },

  clear() {
    inflight?.abort();
    inflight = null;
    set({ replyId: null, questions: [] });
  },
}));
