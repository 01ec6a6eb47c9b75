/**
 * Demo answers for the scholar area's readings (modules/scholar/reading.ts): AI解读 and 翻译 of a
 * document. Recognised by the fixed marker that starts the user message; the answer is built
 * from the document text itself (deterministic), and says it is a demonstration.
 */

const INTERPRET_MARKER = '【文献解读】';
const TRANSLATE_MARKER = '【文献翻译】';

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?。！？])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function interpret(doc: string): string {
  const lines = doc
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const title = lines[0] ?? '';
  const body = sentences(lines.slice(1).join(' '));
  const points = body.slice(0, 4).map((s) => `- ${s}`);
  return [
    '## 文献概览（演示解读）',
    '',
    `**标题**：${title}`,
    '',
    `**篇幅**：约 ${[...doc].length} 个字符，共 ${body.length} 句。`,
    '',
    '## 主要内容',
    '',
    ...(points.length ? points : ['- 文档正文较短，未能提取到更多内容。']),
    '',
    '## 阅读建议',
    '',
    '先读摘要与引言把握研究问题，再看方法与实验部分的关键结论。（演示模式：未连接真实模型，以上为根据原文摘录的要点。）',
  ].join('\n');
}

function translate(doc: string): string {
  const parts = sentences(doc).slice(0, 8);
  return [
    '【演示翻译】未连接真实模型，以下逐句列出原文，实际部署时由模型给出中文译文：',
    '',
    ...parts.map((s, i) => `${i + 1}. ${s}`),
  ].join('\n');
}

export function scholarAnswer(question: string): string | undefined {
  if (question.startsWith(INTERPRET_MARKER)) return interpret(question.slice(INTERPRET_MARKER.length));
  if (question.startsWith(TRANSLATE_MARKER)) return translate(question.slice(TRANSLATE_MARKER.length));
  return undefined;
}
