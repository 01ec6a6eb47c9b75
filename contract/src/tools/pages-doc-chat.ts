import { page } from './page-entry';
import type { ToolSpec } from './spec';

/** The document library and document chat (docs/product/creation.md "Document library"; web/src/features/doc-chat). */
export const DOC_CHAT_PAGES: readonly ToolSpec[] = [
  page({
    id: 'docChat',
    paths: ['/AiFile/DocChatPage'],
    title: '文档对话',
    description: '上传 PDF、Word、PPT 等文档，自动生成摘要和大纲，提问后按页码或章节引用原文作答。',
    group: 'doc',
    icon: '💬',
    scenarios: ['office', 'study'],
    keywords: ['文档对话', '文档问答', 'PDF问答', '摘要', '大纲', 'ChatPDF'],
  }),
  page({
    id: 'wordOverview',
    paths: ['/WordOverview'],
    title: '文档总览',
    description: '我的文档库：上传、查看解析状态、删除文档，一键进入文档对话。',
    group: 'doc',
    icon: '🗂️',
    loginRequired: true,
    scenarios: ['office', 'study'],
    keywords: ['文档库', '我的文档', '文档管理'],
  }),
];
