import type { AgentRecordDetail } from '@wanxiang/contract';

/** One tool run shown in an agent answer: its name and what it found. */
export interface ToolBlock {
  id: string;
  name: string;
  done: boolean;
  ok: boolean;
  outputs: unknown[];
}

export interface ChatLine {
  role: 'user' | 'assistant';
  content: string;
  tools: ToolBlock[];
  streaming?: boolean;
  error?: string;
}

/** A found item's readable title and link, when the tool's output has them. */
export function outputLabel(o: unknown): { title: string; url?: string } {
  if (typeof o === 'string') return { title: o };
  if (o && typeof o === 'object') {
    const r = o as Record<string, unknown>;
    const title = [r.title, r.name, r.url, r.href].find((x) => typeof x === 'string' && x) as string | undefined;
    const url = [r.url, r.href, r.link].find((x) => typeof x === 'string' && /^https?:\/\//.test(x)) as string | undefined;
    return { title: title ?? JSON.stringify(o).slice(0, 80), url };
  }
  return { title: String(o) };
}

/** A saved record back into chat lines: tool rows attach to the answer that follows them. */
export function linesFromRecord(detail: AgentRecordDetail): ChatLine[] {
  const out: ChatLine[] = [];
  let pending: ToolBlock[] = [];
  detail.messages.forEach((m, i) => {
    if (m.role === 'tool') {
      try {
        const t = JSON.parse(m.content) as { name?: string; outputs?: unknown[] };
        pending.push({ id: `r${i}`, name: t.name ?? 'tool', done: true, ok: true, outputs: Array.isArray(t.outputs) ? t.outputs : [] });
      } catch {
        // an unreadable tool row is skipped
      }
      return;
    }
    out.push({ role: m.role, content: m.content, tools: m.role === 'assistant' ? pending : [] });
    if (m.role === 'assistant') pending = [];
  });
  return out;
}
