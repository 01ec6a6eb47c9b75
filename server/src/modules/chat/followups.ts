import { LIMITS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';

/**
 * Follow-up suggestions (POST /api/v1/chat/free/question.extend): a model proposes the questions
 * a reader may ask next. Suggestions are a nicety: any failure (no model, upstream error, slow
 * answer, unreadable output) gives an empty list, never an error.
 */

export type FollowupContext = Pick<AppContext, 'catalog' | 'llm'>;

/** The whole call (first byte to last) must fit in this; the page shows nothing rather than wait. */
export const FOLLOWUP_TIMEOUT_MS = 10_000;
export const FOLLOWUP_MIN = 3;
export const FOLLOWUP_MAX = 5;
/** Longest suggestion kept (a runaway line is not a question). */
const SUGGESTION_MAX_CHARS = 60;
/** Model output read at most (a list of five questions is far shorter). */
const OUTPUT_MAX_CHARS = 4_000;

/** Kept in the user message (not only the system one) so every vendor, and the demo upstream, sees it. */
export const FOLLOWUP_INSTRUCTION =
  '请根据下面的问题，给出3到5个用户可能继续追问的相关问题。只输出一个 JSON 字符串数组，例如 ["问题一？","问题二？","问题三？"]，不要输出其他内容。';

export function followupPrompt(question: string): string {
  return `${FOLLOWUP_INSTRUCTION}\n问题：${question}`;
}

/** The default chat model when it can answer, else the first model that can (no deep-thinking: it is slower). */
export function pickFollowupModel(ctx: FollowupContext): CatalogModel | undefined {
  const usable = (m: CatalogModel | undefined): m is CatalogModel => Boolean(m && m.online && ctx.llm.available(m));
  const preferred = ctx.catalog.get(LIMITS.defaultModel);
  if (usable(preferred)) return preferred;
  const all = ctx.catalog.models().filter(usable);
  return all.find((m) => !m.reasoning) ?? all[0];
}

export async function suggestFollowups(ctx: FollowupContext, question: string, parent?: AbortSignal): Promise<string[]> {
  const model = pickFollowupModel(ctx);
  if (!model) return [];
  const timeout = AbortSignal.timeout(FOLLOWUP_TIMEOUT_MS);
  const signal = parent ? AbortSignal.any([parent, timeout]) : timeout;
  let out = '';
  try {
    const stream = ctx.llm.stream({
      model,
      messages: [{ role: 'user', content: followupPrompt(question) }],
      temperature: 0.7,
      maxTokens: 400,
      signal,
    });
    for await (const d of stream) {
      if (d.type === 'text') out += d.text;
      if (out.length > OUTPUT_MAX_CHARS) break;
    }
  } catch {
    // Upstream error or timeout: whatever arrived may still hold whole questions.
  }
  return parseFollowups(out, question);
}

/**
 * Questions from a model's answer, whatever shape it took: a JSON array (bare, fenced, or inside
 * prose), a JSON object holding one, or a numbered/bulleted list. Duplicates, the question
 * itself and over-long lines are dropped; at most FOLLOWUP_MAX are kept.
 */
export function parseFollowups(output: string, question = ''): string[] {
  const fromJson = jsonList(output);
  const raw = fromJson ?? listLines(output);
  const seen = new Set<string>([normalize(question)]);
  const picked: string[] = [];
  for (const item of raw) {
    const q = clean(item);
    if (!q || [...q].length > SUGGESTION_MAX_CHARS) continue;
    const key = normalize(q);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    picked.push(q);
    if (picked.length === FOLLOWUP_MAX) break;
  }
  return picked;
}

function jsonList(output: string): string[] | null {
  const text = output.replace(/```(?:json)?/gi, '');
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  const candidates = [text.trim()];
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const c of candidates) {
    let value: unknown;
    try {
      value = JSON.parse(c);
    } catch {
      continue;
    }
    const list = Array.isArray(value) ? value : firstArray(value);
    if (list) {
      const strings = list.map((v) => (typeof v === 'string' ? v : isRecord(v) ? firstString(v) : undefined));
      return strings.filter((s): s is string => typeof s === 'string');
    }
  }
  return null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function firstArray(v: unknown): unknown[] | undefined {
  if (!isRecord(v)) return undefined;
  return Object.values(v).find(Array.isArray);
}

/** An object item such as {"question": "..."}: its first string. */
function firstString(v: Record<string, unknown>): string | undefined {
  return Object.values(v).find((x): x is string => typeof x === 'string');
}

const LIST_MARK = /^\s*(?:[-*•·]|\d{1,2}\s*[.、:：)）]|[（(]\d{1,2}[)）]|[一二三四五六七八九十][、.．])\s*/;

function listLines(output: string): string[] {
  const lines = output.split(/\r?\n/).map((l) => l.trim());
  const marked = lines.filter((l) => LIST_MARK.test(l));
  // A list whose items are marked; otherwise lines that read as questions.
  if (marked.length > 0) return marked;
  return lines.filter((l) => /[?？]$/.test(l));
}

function clean(item: string): string {
  return item
    .replace(LIST_MARK, '')
    .replace(/^["'“”‘’「」`]+|["'“”‘’「」`,，]+$/g, '')
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function normalize(q: string): string {
  return q.replace(/[\s?？!！。.,，]/g, '').toLowerCase();
}
