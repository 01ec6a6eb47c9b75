import { contentAfterMarker, OUTLINE_MARKER } from '../../llm/demo-upstream/markers';

export { OUTLINE_MARKER };

/**
 * The request for a presentation outline (docs/product/mindmap-and-slides.md §7). The instruction sits in the
 * system message and again at the head of the user message, so every vendor (and the demo
 * upstream, which recognises OUTLINE_MARKER) reads it.
 */
export const OUTLINE_SYSTEM = [
  `${OUTLINE_MARKER}你是一名专业的演示文稿策划，请根据用户提供的内容写一份PPT大纲。`,
  '只输出 Markdown，不要输出其他说明：',
  '# 演示文稿标题（一行）',
  '- 一句副标题',
  '## 章节标题（4到6个章节）',
  '### 页面标题（每章1到3页）',
  '- 页面要点（每页3到5条，每条不超过40字）',
].join('\n');

/** Where an outline's content comes from: typed text, an uploaded document, or an old deck (docs/product/mindmap-and-slides.md §11). */
export type OutlineSource = 'text' | 'doc' | 'oldPpt';

const INSTRUCTION: Record<OutlineSource, string> = {
  text: '请为以下内容生成PPT大纲',
  doc: '下面是一份文档（Markdown 标题标出了原文的章节，过长的文档已分段摘要）。请据此生成PPT大纲：沿用文档的章节结构和先后顺序，要点取自原文',
  oldPpt:
    '下面是一份旧PPT逐页的文字（# 为封面标题，## 为每页标题，- 为页面文字）。请把它整理成新的PPT大纲：保留每一页的标题和先后顺序，每页作为一个页面（###），把相邻的页归入4到6个章节（##），要点精炼自原页文字',
};

export function outlineUserMessage(content: string, source: OutlineSource = 'text'): string {
  return `${OUTLINE_MARKER}${INSTRUCTION[source]}：\n${content}`;
}

/** The content back out of a user message made by outlineUserMessage (the demo upstream reads it the same way). */
export function contentOfOutlineRequest(message: string): string | undefined {
  return contentAfterMarker(message, OUTLINE_MARKER);
}
