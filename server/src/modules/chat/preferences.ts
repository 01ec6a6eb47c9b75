import {
  ANSWER_ANGLES,
  DEFAULT_REPLY_PREFS,
  MSG,
  REPLY_LANGUAGES,
  REPLY_LENGTHS,
  REPLY_MODIFIERS,
  type AnswerAngle,
  type ChatRequest,
  type ReplyLanguage,
  type ReplyLength,
} from '@wanxiang/contract';

/**
 * Reply preferences (docs/product/chat.md §9): the answer angle, adjective modifiers, length and language a
 * user picked become one instruction for the model. Unknown values are ignored (an old client or
 * a hand-written request must not fail the turn); defaults add nothing.
 */

export type ReplyPrefs = NonNullable<ChatRequest['prefs']>;

const LENGTH_HINT: Record<ReplyLength, string> = {
  short: '简短，控制在300字以内，先给结论',
  medium: '适中，约300到800字',
  long: '详细，可超过800字，分点充分展开',
};

const has = <T extends string>(list: readonly T[], v: string | undefined): v is T =>
  v !== undefined && (list as readonly string[]).includes(v);

/** The instruction for these preferences, or undefined when they ask for nothing beyond the defaults. */
export function buildPreferenceInstruction(prefs: ReplyPrefs | undefined): string | undefined {
  if (!prefs) return undefined;
  const parts: string[] = [];
  if (has<AnswerAngle>(ANSWER_ANGLES, prefs.angle) && prefs.angle !== DEFAULT_REPLY_PREFS.angle) {
    parts.push(`请从${MSG.prefsAngles[prefs.angle]}的角度回答`);
  }
  const modifiers = [...new Set((prefs.modifiers ?? []).filter((m) => REPLY_MODIFIERS.includes(m)))];
  if (modifiers.length) parts.push(`回答风格：${modifiers.join('、')}`);
  if (has<ReplyLength>(REPLY_LENGTHS, prefs.length) && prefs.length !== DEFAULT_REPLY_PREFS.length) {
    parts.push(`篇幅：${LENGTH_HINT[prefs.length]}`);
  }
  if (has<ReplyLanguage>(REPLY_LANGUAGES, prefs.language) && prefs.language !== DEFAULT_REPLY_PREFS.language) {
    parts.push(`请使用${MSG.prefsLanguages[prefs.language]}回答`);
  }
  if (!parts.length) return undefined;
  return `回答偏好：${parts.join('；')}。`;
}

/**
 * The upstream messages with the preference instruction added to the leading system message
 * (or as one): several vendors accept a system message only in first place.
 */
export function withPreferences<M extends { role: string; content: string }>(
  messages: M[],
  prefs: ReplyPrefs | undefined,
): M[] {
  const instruction = buildPreferenceInstruction(prefs);
  if (!instruction) return messages;
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ ...first, content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: 'system', content: instruction } as M, ...messages];
}
