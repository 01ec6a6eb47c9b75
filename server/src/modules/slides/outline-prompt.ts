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

export function outlineUserMessage(content: string): string {
  return `${OUTLINE_MARKER}请为以下内容生成PPT大纲：\n${content}`;
}

/** The content back out of a user message made by outlineUserMessage (the demo upstream reads it the same way). */
export function contentOfOutlineRequest(message: string): string | undefined {
  return contentAfterMarker(message, OUTLINE_MARKER);
}
