import { ANSWER_ANGLES, DEFAULT_REPLY_PREFS, MSG, REPLY_LANGUAGES, REPLY_LENGTHS, REPLY_MODIFIERS } from '@wanxiang/contract';
import type { ReplyPrefs } from '../../../stores/chat-extras';

/**
 * Reply preferences as the request carries them: only what differs from the defaults (length
 * short, angle default, language Chinese), only known values, modifiers in catalog order.
 */
export function normalizePrefs(p: ReplyPrefs): ReplyPrefs {
  const out: ReplyPrefs = {};
  if (p.angle && p.angle !== DEFAULT_REPLY_PREFS.angle && (ANSWER_ANGLES as string[]).includes(p.angle)) out.angle = p.angle;
  const mods = REPLY_MODIFIERS.filter((m) => p.modifiers?.includes(m));
  if (mods.length) out.modifiers = mods;
  if (p.length && p.length !== DEFAULT_REPLY_PREFS.length && (REPLY_LENGTHS as string[]).includes(p.length)) out.length = p.length;
  if (p.language && p.language !== DEFAULT_REPLY_PREFS.language && (REPLY_LANGUAGES as string[]).includes(p.language)) {
    out.language = p.language;
  }
  return out;
}

/** A short label of what is picked (the toolbar button), or '' for the defaults. */
export function prefsSummary(p: ReplyPrefs): string {
  const n = normalizePrefs(p);
  const parts: string[] = [];
  if (n.angle) parts.push(MSG.prefsAngles[n.angle as keyof typeof MSG.prefsAngles]);
  if (n.modifiers?.length) parts.push(n.modifiers.length === 1 ? n.modifiers[0]! : `${n.modifiers[0]}等${n.modifiers.length}项`);
  if (n.length) parts.push(MSG.prefsLengths[n.length as keyof typeof MSG.prefsLengths]);
  if (n.language) parts.push(MSG.prefsLanguages[n.language as keyof typeof MSG.prefsLanguages]);
  return parts.join('·');
}

/** Toggle one modifier in a list. */
export function toggleModifier(list: readonly string[] | undefined, word: string): string[] {
  const cur = list ?? [];
  return cur.includes(word) ? cur.filter((m) => m !== word) : [...cur, word];
}
