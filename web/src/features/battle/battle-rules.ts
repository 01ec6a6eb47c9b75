import { LIMITS, MSG, type HistoryMessage, type ModelEntry } from '@wanxiang/contract';
import type { BattleRound } from '../../stores/battle';

/** The rules of multi-model battle (docs/product/battle.md §4, §5, §9), free of React and of the network. */

/** The model key of the comparison screen (/chat?type=AllModelAttack). */
export const BATTLE_MODEL_KEY = 'AllModelAttack';

export type ToggleResult = { ok: true; models: string[] } | { ok: false; msg: string };

/** Switching one model on or off; a fifth one on is refused with 对话模型（最多选择4个）. */
export function toggleModel(selected: readonly string[], key: string, on: boolean): ToggleResult {
  if (!on) return { ok: true, models: selected.filter((k) => k !== key) };
  if (selected.includes(key)) return { ok: true, models: [...selected] };
  if (selected.length >= LIMITS.multiModelMax) return { ok: false, msg: MSG.battleMaxModels };
  return { ok: true, models: [...selected, key] };
}

/** Why a question may not be sent to these models, or null when it may. */
export function sendRefusal(selected: readonly string[]): string | null {
  if (selected.length < LIMITS.multiModelMin) return MSG.battleMinModels;
  if (selected.length > LIMITS.multiModelMax) return MSG.battleMaxModels;
  return null;
}

/**
 * The models that may take part: catalog entries marked isAttack and online, in catalog order.
 * The catalog lists some models under two keys (a menu alias and the API key, both labelled
 * e.g. DeepSeek-V3): one switch per label, the pre-checked entry winning.
 */
export function battleModels(list: readonly ModelEntry[]): ModelEntry[] {
  const byLabel = new Map<string, ModelEntry>();
  for (const m of list) {
    if (!m.isAttack || !m.online) continue;
    const kept = byLabel.get(m.label);
    if (!kept || (m.isChecked && !kept.isChecked)) byLabel.set(m.label, m);
  }
  return [...byLabel.values()];
}

/**
 * The switches on for a new comparison: two of the models the catalog pre-checks, free ones
 * first (anyone can then compare without spending counts), else the first two available.
 */
export function defaultBattleModels(candidates: readonly ModelEntry[]): string[] {
  const checked = candidates.filter((m) => m.isChecked);
  const ranked = [...checked.filter((m) => m.free), ...checked.filter((m) => !m.free), ...candidates.filter((m) => !m.isChecked)];
  return ranked.slice(0, LIMITS.multiModelMin).map((m) => m.key);
}

/** Search over label, short name and key, case-insensitive. */
export function filterModels(list: readonly ModelEntry[], query: string): ModelEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter((m) => [m.label, m.shortName, m.key].some((s) => s?.toLowerCase().includes(q)));
}

/**
 * What one model is sent as history. Multi-turn off: nothing, every question stands alone.
 * On: each earlier question with that model's own answer, only where the answer came out ok
 * (docs/product/battle.md §3: only ok messages are sent as history); rounds it took no part in are skipped.
 */
export function historyFor(rounds: readonly BattleRound[], model: string, multiTurn: boolean): HistoryMessage[] {
  if (!multiTurn) return [];
  const out: HistoryMessage[] = [];
  for (const r of rounds) {
    const answer = r.answers[model];
    if (!answer || answer.state !== 'ok' || !answer.message) continue;
    out.push({ role: 'user', content: r.question, id: r.id }, { role: 'assistant', content: answer.message, id: answer.id });
  }
  return out;
}

/**
 * "Continue with this answer": the rounds up to and including `roundId`, each question with `model`'s
 * answer where it came out ok (whatever the multi-turn switch said), as the start of a normal chat.
 */
export function continuationOf(rounds: readonly BattleRound[], roundId: string, model: string): HistoryMessage[] {
  const upTo = rounds.findIndex((r) => r.id === roundId);
  return historyFor(upTo < 0 ? [] : rounds.slice(0, upTo + 1), model, true);
}

/** Messages shown in the header count: each question and each answer. */
export function messageCount(rounds: readonly BattleRound[]): number {
  return rounds.reduce((n, r) => n + 1 + r.models.length, 0);
}
