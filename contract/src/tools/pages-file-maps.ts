import { page } from './page-entry';
import type { ToolSpec } from './spec';

/**
 * Mind maps and decks from files (docs/product/mindmap-and-slides.md §11): two hubs and the sub-tools they lead to,
 * each a bespoke page on the existing mind map and slides features (web/src/features/file-maps).
 */
export const FILE_MAP_PAGES: readonly ToolSpec[] = [
  page({ id: 'fileMapsHub', paths: ['/AiFile/mapping'], title: 'AI思维导图', description: '文字、文档或录音，一键整理成可缩放、可下载的思维导图。', group: 'mindmap', icon: '🗺️', scenarios: ['office', 'study'], keywords: ['导图', '脑图', '思维导图'] }),
  page({ id: 'docMindMap', paths: ['/AiFile/mapping/docsCreateMarkmap'], title: '文档生成导图', description: '上传 Word、PDF、PPT 等文档或粘贴文字，沿用文档的标题层级生成思维导图。', group: 'mindmap', icon: '📄', scenarios: ['office', 'study'], keywords: ['文档', '导图', 'Word', 'PDF'] }),
  page({ id: 'audioMindMap', paths: ['/AiFile/mapping/audioCreateMarkmap'], title: '音频生成导图', description: '上传会议、课堂录音，语音转文字后整理成思维导图。', group: 'mindmap', icon: '🎙️', scenarios: ['office', 'study'], keywords: ['录音', '音频', '导图', '会议纪要'] }),
  page({ id: 'filePptHub', paths: ['/AiFile/ppt'], title: 'AI PPT', description: '一句话、一份文档或一份旧PPT，生成我们模板的新演示文稿。', group: 'ppt', icon: '📽️', scenarios: ['office', 'study'], keywords: ['PPT', '幻灯片', '演示文稿'] }),
  page({ id: 'docPpt', paths: ['/AiFile/ppt/fileCreatePpt'], title: '文档生成PPT', description: '上传文档，按文档的章节生成可编辑的大纲，选模板生成 PPT。', group: 'ppt', icon: '📑', scenarios: ['office', 'study'], keywords: ['文档转PPT', 'Word转PPT', 'PDF转PPT'] }),
  page({ id: 'oldPpt', paths: ['/AiFile/ppt/oldPptCreateNewPpt'], title: '旧PPT翻新', description: '上传旧的 .pptx，保留每页标题和顺序，换成新模板重新生成。', group: 'ppt', icon: '✨', scenarios: ['office'], keywords: ['PPT美化', '旧PPT', '换模板'] }),
];
