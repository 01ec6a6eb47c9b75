import { DOC_LIBRARY_MSG, type DocOutlineItem, type DocOverview } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { completeText, firstSentence } from './model';
import { leadingChunks, sectionHeads, updateDoc, type DocFileRow } from './store';

/**
 * A document's summary and outline, made on its first open and kept on its row (every later open
 * reads them back). The model reads the document's opening passages and its section heads (a
 * heading, slide, sheet, chapter, or a PDF page's first sentence) and answers a summary and an
 * outline; in demo mode both are taken from the document itself (its opening sentences, its heads)
 * and marked demo, so the page shows real content of the file with the 演示 badge.
 */

export type OverviewContext = Pick<AppContext, 'database' | 'catalog' | 'llm'>;

const SUMMARY_SOURCE_CHARS = 6000;
const MAX_HEADS = 60;

export async function docOverview(ctx: OverviewContext, doc: DocFileRow): Promise<DocOverview> {
  const cached = doc.overview as Omit<DocOverview, 'file_id'> | null;
  if (cached && typeof cached.summary === 'string') return { file_id: doc.id, ...cached };
  const lead = await leadingChunks(ctx.database.db, doc.userId, doc.id, 20);
  const heads = await sectionHeads(ctx.database.db, doc.userId, doc.id, MAX_HEADS);
  const structural = structuralOutline(heads);
  let made: Omit<DocOverview, 'file_id'>;
  if (ctx.llm.demo) {
    made = { summary: extractiveSummary(lead.map((c) => c.content)), outline: structural, demo: true };
  } else {
    let source = '';
    for (const c of lead) {
      if (source.length > SUMMARY_SOURCE_CHARS) break;
      source += `${c.content}\n`;
    }
    const headsText = heads.map((h) => `${h.page ? `[第${h.page}页] ` : ''}${h.section || firstSentence(h.content, 40)}`).join('\n');
    let answer: string;
    try {
      answer = await completeText(
        ctx,
        [
          {
            role: 'system',
            content:
              '你是文档助手。根据给出的文档开头和章节标题，用中文写一段 150 字以内的摘要，再给出文档大纲。严格按格式输出：\n摘要：<一段话>\n大纲：\n- <一级标题>\n  - <二级标题>',
          },
          { role: 'user', content: `文档名：${doc.name}\n\n章节标题：\n${headsText}\n\n文档开头：\n${source}` },
        ],
        1200,
      );
    } catch {
      throw badRequest(DOC_LIBRARY_MSG.overviewFailed);
    }
    const parsed = parseOverview(answer);
    made = {
      summary: parsed.summary || extractiveSummary(lead.map((c) => c.content)),
      outline: parsed.outline.length ? parsed.outline : structural,
      demo: false,
    };
  }
  await updateDoc(ctx.database.db, doc.userId, doc.id, { overview: made });
  return { file_id: doc.id, ...made };
}

/** The opening sentences of the document, about 200 characters. */
export function extractiveSummary(passages: readonly string[]): string {
  const flat = passages.join(' ').replace(/\s+/g, ' ').trim();
  const sentences = flat.match(/[^。！？!?]+[。！？!?]?/g) ?? [];
  let out = '';
  for (const s of sentences) {
    if (out.length + s.length > 200 && out) break;
    out += s;
  }
  return (out || flat.slice(0, 200)).trim();
}

/** Section heads as an outline: titled sections by their title, untitled pages by their first sentence. */
export function structuralOutline(heads: readonly { page: number | null; section: string; content: string }[]): DocOutlineItem[] {
  const seen = new Set<string>();
  const out: DocOutlineItem[] = [];
  for (const h of heads) {
    const title = h.section || firstSentence(h.content, 40);
    if (!title || seen.has(title)) continue;
    seen.add(title);
    out.push({ title, page: h.page, level: 1 });
  }
  return out;
}

/** "摘要：...\n大纲：\n- a\n  - b" read back; indentation (2 spaces) gives the level. */
export function parseOverview(answer: string): { summary: string; outline: DocOutlineItem[] } {
  const summary = /摘要[:：]\s*([\s\S]*?)(?:\n\s*大纲[:：]|$)/.exec(answer)?.[1]?.trim() ?? '';
  const outlinePart = /大纲[:：]\s*([\s\S]*)$/.exec(answer)?.[1] ?? '';
  const outline: DocOutlineItem[] = [];
  for (const line of outlinePart.split('\n')) {
    const m = /^(\s*)(?:[-*•]|\d+[.、])\s*(.+)$/.exec(line);
    if (!m) continue;
    const page = /第\s*(\d+)\s*页/.exec(m[2]!)?.[1];
    outline.push({
      title: m[2]!
        .replace(/\[?第\s*\d+\s*页\]?/, '')
        .trim()
        .slice(0, 120),
      page: page ? Number(page) : null,
      level: Math.min(3, 1 + Math.floor(m[1]!.length / 2)),
    });
  }
  return { summary: summary.slice(0, 1000), outline: outline.filter((o) => o.title).slice(0, 80) };
}
