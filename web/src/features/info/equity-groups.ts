import type { EquityTable } from '@wanxiang/contract';

/**
 * /equity categories (the `type` query) over the tier data's quota keys. A key the list does not
 * name lands in 其他, so a new quota key in tiers.json still shows up.
 */
export const EQUITY_GROUPS: { type: string; label: string; keys: string[] }[] = [
  { type: 'chat', label: 'AI 对话', keys: ['chat', 'chat_v40', 'hat_official'] },
  { type: 'understand', label: '文件与多媒体理解', keys: ['chat_image', 'chat_doc', 'chat_media', 'chat_table'] },
  { type: 'search', label: 'AI 搜索', keys: ['chat_networking'] },
];

export function groupEquity(table: EquityTable): { type: string; label: string; keys: { key: string; label: string }[] }[] {
  const known = new Set(EQUITY_GROUPS.flatMap((g) => g.keys));
  const label = new Map(table.quota_keys.map((q) => [q.key, q.label]));
  const groups = EQUITY_GROUPS.map((g) => ({
    type: g.type,
    label: g.label,
    keys: g.keys.filter((k) => label.has(k)).map((k) => ({ key: k, label: label.get(k)! })),
  }));
  const rest = table.quota_keys.filter((q) => !known.has(q.key));
  if (rest.length) groups.push({ type: 'other', label: '其他', keys: rest });
  return groups.filter((g) => g.keys.length > 0);
}

/** A daily count as text: -1 unlimited, 0 none. */
export function countText(n: number | undefined): string {
  if (n === undefined || n === 0) return '—';
  if (n < 0) return '不限';
  return `${n}次/天`;
}
