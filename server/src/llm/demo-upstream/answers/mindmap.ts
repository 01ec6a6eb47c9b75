import type { SpecialAnswer } from './types';

/**
 * Demo answer to the mind-map prompt (server/src/modules/mindmap/prompt.ts): a real markdown
 * outline derived from the content, so maps work without vendor keys. Deterministic.
 */
const MARKER = '【思维导图生成】';
const MAX_SECTIONS = 6;
const MAX_POINTS = 5;
const POINT_CHARS = 30;

interface Section {
  title: string;
  points: string[];
}

const clean = (s: string) =>
  s
    .replace(/[*_`>|]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

const clip = (s: string, n = POINT_CHARS) => ([...s].length > n ? `${[...s].slice(0, n).join('')}…` : s);

/** Sentences of a paragraph (Chinese and Western end marks). */
const sentences = (text: string) =>
  text
    .split(/(?<=[。！？!?；;])\s*|\n+/)
    .map(clean)
    .filter((s) => s.length > 1);

function parse(content: string): { title: string; sections: Section[] } {
  const lines = content.split('\n');
  const sections: Section[] = [];
  let title = '';
  let current: Section | null = null;
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    const text = paragraph.join(' ');
    paragraph = [];
    const parts = sentences(text);
    if (parts.length === 0) return;
    if (current && current.points.length === 0) current.points.push(...parts);
    else sections.push({ title: clip(parts[0]!.replace(/[。！？!?；;：:，,]$/, ''), 20), points: parts.slice(1) });
  };
  for (const raw of lines) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.+)$/.exec(line);
    const item = /^(?:[-*+]|\d+[.、)])\s+(.+)$/.exec(line);
    if (heading) {
      flushParagraph();
      const text = clean(heading[2]!);
      if (heading[1]!.length === 1 && !title) title = text;
      else sections.push((current = { title: text, points: [] }));
    } else if (item) {
      flushParagraph();
      if (!current) sections.push((current = { title: clip(clean(item[1]!).split(/[：:]/)[0]!, 20), points: [] }));
      current.points.push(clean(item[1]!));
    } else if (line === '') {
      flushParagraph();
      current = null;
    } else {
      paragraph.push(line);
    }
  }
  flushParagraph();
  const kept = sections.filter((s) => s.title && s.title !== title).slice(0, MAX_SECTIONS);
  return { title: title || clip(sections[0]?.title ?? clean(content), 20) || '主题', sections: kept };
}

export function buildMindMapMarkdown(content: string, title?: string): string {
  const parsed = parse(content);
  const out = [`# ${clip(title || parsed.title, 30)}`];
  if (parsed.sections.length === 0) out.push('## 要点', `- ${clip(clean(content))}`);
  for (const s of parsed.sections) {
    out.push('', `## ${s.title}`);
    for (const p of s.points.slice(0, MAX_POINTS)) {
      const [head, ...rest] = p.split(/[：:]/);
      if (rest.length && head!.length <= 12) out.push(`### ${head}`, `- ${clip(rest.join('：').trim())}`);
      else out.push(`- ${clip(p)}`);
    }
  }
  return out.join('\n');
}

export const mindMapAnswer: SpecialAnswer = (question) => {
  if (!question.startsWith(MARKER)) return undefined;
  const title = /\n标题：(.*)\n/.exec(question)?.[1]?.trim();
  const at = question.indexOf('内容：\n');
  const content = at >= 0 ? question.slice(at + 4) : question.slice(MARKER.length);
  return buildMindMapMarkdown(content, title);
};
