/**
 * The mind-map request sent to the model (7.5): a system prompt and a JSON message list. The
 * marker phrase also lets the demo upstream recognise the request and answer with an outline.
 */
export const MINDMAP_MARKER = '【思维导图生成】';

export const MINDMAP_SYSTEM_PROMPT = [
  `${MINDMAP_MARKER}你是一个思维导图助手。请把用户给出的内容整理成一份适合 markmap 渲染的 Markdown 大纲。`,
  '要求：只输出 Markdown，不要输出代码块标记或解释；第一行是一个一级标题（# 主题）；',
  '用二级标题（##）表示主要分支，用三级标题（###）或无序列表（- ）表示要点；每个要点简短（不超过30个字）；层级不超过4层。',
].join('');

/** Said of an uploaded document or transcript (docs/product/mindmap-and-slides.md §11): its own structure leads the map. */
export const MINDMAP_DOCUMENT_NOTE = '内容来自用户上传的文档或录音转写，其中的 Markdown 标题标出了原文的章节；请沿用原文的章节结构作为分支，要点取自原文。\n';

/** The user message: the fixed instruction (kept in the user turn so every vendor sees it), then the content. */
export function mindMapUserPrompt(content: string, title?: string, fromDocument = false): string {
  const head = title ? `标题：${title}\n` : '';
  return `${MINDMAP_MARKER}请根据下面的内容生成思维导图 Markdown。\n${fromDocument ? MINDMAP_DOCUMENT_NOTE : ''}${head}内容：\n${content}`;
}
