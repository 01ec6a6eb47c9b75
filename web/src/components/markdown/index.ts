export { Markdown, type MarkdownProps } from './Markdown';
export { splitBlocks } from './blocks';
export { sanitizeSchema } from './plugins';
