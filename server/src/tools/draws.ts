import { randomInt } from 'node:crypto';
import { MSG, type ToolInputs } from '@wanxiang/contract';
import type { RandomSource, ToolFact } from './types';

/**
 * What the server decides before a model is asked: random draws (tarot cards, lucky numbers,
 * lots and coins) come from a real random source here, never from the model, so a reading
 * explains a draw instead of inventing one; measurable facts (two texts' overlap, the days of a
 * range) are computed, not guessed.
 */
export const cryptoRandom: RandomSource = (n) => randomInt(n);

const MAJOR_ARCANA = [
  '愚者', '魔术师', '女祭司', '皇后', '皇帝', '教皇', '恋人', '战车', '力量', '隐士', '命运之轮',
  '正义', '倒吊人', '死神', '节制', '恶魔', '高塔', '星星', '月亮', '太阳', '审判', '世界',
];
const SUITS = ['权杖', '圣杯', '宝剑', '星币'];
const RANKS = ['王牌', '二', '三', '四', '五', '六', '七', '八', '九', '十', '侍从', '骑士', '王后', '国王'];

/** The 78 cards of a Rider-Waite-style deck. */
export const TAROT_DECK: readonly string[] = [...MAJOR_ARCANA, ...SUITS.flatMap((s) => RANKS.map((r) => `${s}${r}`))];

/** Spread option value -> the positions it lays out. */
export const TAROT_SPREADS: Readonly<Record<string, readonly string[]>> = {
  单张指引: ['指引'],
  '三张牌：过去·现在·未来': ['过去', '现在', '未来'],
  '五张牌：现状·阻碍·建议·助力·结果': ['现状', '阻碍', '建议', '助力', '结果'],
};

export interface TarotCard {
  position: string;
  card: string;
  upright: boolean;
}

/** Draw without replacement (a partial Fisher-Yates), each card upright or reversed at even odds. */
export function drawTarot(spread: string, random: RandomSource): TarotCard[] {
  const positions = TAROT_SPREADS[spread] ?? TAROT_SPREADS['单张指引']!;
  const deck = [...TAROT_DECK];
  return positions.map((position, i) => {
    const j = i + random(deck.length - i);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    return { position, card: deck[i]!, upright: random(2) === 0 };
  });
}

export const tarotLine = (c: TarotCard) => `${c.position}：${c.card}（${c.upright ? '正位' : '逆位'}）`;

/** `count` distinct numbers in 1..max, ascending. */
export function drawNumbers(count: number, max: number, random: RandomSource): number[] {
  const pool = Array.from({ length: max }, (_, i) => i + 1);
  const n = Math.min(count, max);
  for (let i = 0; i < n; i++) {
    const j = i + random(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n).sort((a, b) => a - b);
}

const LOT_GRADES = ['上上签', '上签', '中签', '中签', '下签'];

/** A lot (签号 1-100 and its grade), three coin tosses, or a day's luck score, by the chosen method. */
export function drawDivination(method: string, random: RandomSource): ToolFact[] {
  if (method === '掷硬币') {
    const coins = Array.from({ length: 3 }, () => (random(2) === 0 ? '正面' : '反面'));
    return [{ label: '三次掷硬币结果', value: coins.join('、') }];
  }
  if (method === '今日运势') return [{ label: '今日运势指数（1-100）', value: String(1 + random(100)) }];
  return [{ label: '抽到的签', value: `第${1 + random(100)}签，${LOT_GRADES[random(LOT_GRADES.length)]}` }];
}

/** Character bigrams of a text, ignoring spaces and punctuation (Chinese text has no word breaks). */
function bigrams(text: string): Map<string, number> {
  const chars = [...text.replace(/[\s\p{P}\p{S}]/gu, '').toLowerCase()];
  const grams = new Map<string, number>();
  for (let i = 0; i + 1 < chars.length; i++) {
    const g = chars[i]! + chars[i + 1]!;
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  if (chars.length === 1) grams.set(chars[0]!, 1);
  return grams;
}

/** Dice coefficient of the two texts' character bigrams, 0-100 (one decimal). */
export function textSimilarity(a: string, b: string): number {
  const ga = bigrams(a);
  const gb = bigrams(b);
  let total = 0;
  let shared = 0;
  for (const n of ga.values()) total += n;
  for (const [g, n] of gb) {
    total += n;
    shared += Math.min(n, ga.get(g) ?? 0);
  }
  return total === 0 ? 0 : Math.round((2 * shared * 1000) / total) / 10;
}

/** Sentences of `a` that also appear word for word in `b`, at most `limit`. */
export function sharedSentences(a: string, b: string, limit = 5): string[] {
  const split = (t: string) =>
    t
      .split(/[。！？!?；;\n]+/)
      .map((s) => s.trim())
      .filter((s) => [...s].length >= 6);
  const inB = new Set(split(b));
  return split(a)
    .filter((s) => inB.has(s))
    .slice(0, limit);
}

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
/** A date range longer than this is refused (every day goes into the prompt). */
export const AUSPICIOUS_MAX_DAYS = 62;

/** Every day of the range with its weekday, so the model picks real dates. */
export function dateRangeFacts(values: ToolInputs): ToolFact[] | { refusal: string } {
  const start = String(values.startDate);
  const end = typeof values.endDate === 'string' ? values.endDate : start;
  const t0 = Date.parse(`${start}T00:00:00Z`);
  const t1 = Date.parse(`${end}T00:00:00Z`);
  if (t1 < t0) return { refusal: MSG.toolDateRangeReversed };
  const days = Math.round((t1 - t0) / 86_400_000) + 1;
  if (days > AUSPICIOUS_MAX_DAYS) return { refusal: MSG.toolDateRangeTooLong(AUSPICIOUS_MAX_DAYS) };
  const list = Array.from({ length: days }, (_, i) => {
    const d = new Date(t0 + i * 86_400_000);
    return `${d.toISOString().slice(0, 10)} ${WEEKDAYS[d.getUTCDay()]}`;
  });
  return [{ label: '日期范围内的每一天', value: list.join('\n') }];
}
