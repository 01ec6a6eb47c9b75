import { z } from 'zod';

/**
 * The document library and document chat (/WordOverview, /AiFile/DocChatPage;
 * server/src/modules/doc-library): the user's documents indexed for retrieval, a summary and an
 * outline made on first open, and questions answered from the retrieved passages with citations
 * [1][2] naming a page or section. The messages live here with the shapes they belong to.
 */

export const DOC_LIBRARY_MSG = {
  needFile: '请选择要上传的文档',
  typeOnly: (types: string) => `仅支持 ${types} 格式的文档`,
  empty: '文件是空的，请检查后重新上传',
  tooLarge: (mb: number) => `文档不能超过 ${mb}MB`,
  contentMismatch: '文件内容与扩展名不符，请检查后重新上传',
  bomb: '文档解压后内容过大或结构异常，无法读取',
  unreadable: '无法读取该文档的文字内容（可能已加密、损坏或是扫描件）',
  tooManyChars: '文档文字过多，请拆分后分别上传',
  parseTimeout: '文档读取超时，请稍后重试或拆分后上传',
  tooMany: (max: number) => `文档库最多保存 ${max} 份文档，请先删除不用的文档`,
  fileIdInvalid: '文档编号无效',
  notFound: '文档不存在或已被删除',
  deleted: '已删除文档',
  queryRequired: '请输入要检索的问题',
  queryTooLong: (max: number) => `问题不能超过 ${max} 个字`,
  notReady: '文档还在解析中，请稍候',
  indexFailed: '文档解析失败',
  // task stages
  stageReading: '正在读取文档',
  stageIndexing: (done: number, total: number) => `正在建立索引 ${done}/${total}`,
  stageEmbedding: (done: number, total: number) => `正在生成向量 ${done}/${total}`,
  stageDone: '解析完成',
  overviewFailed: '摘要生成失败，请稍后重试',
  answerFailed: '回答生成失败，请稍后重试',
  noPassage: '文档中没有找到与问题相关的内容',
  // pages
  libraryTitle: '我的文档库',
  librarySubtitle: '上传 PDF、Word、PPT、Excel、EPUB、TXT 或 Markdown，解析后即可对话提问、查看摘要和大纲。',
  chatTitle: '文档对话',
  uploadButton: '上传文档',
  uploadHint: (types: string, mb: number) => `支持 ${types}，单个文件不超过 ${mb}MB`,
  uploaded: '上传成功，正在解析',
  listEmpty: '还没有文档，先上传一份吧',
  statusIndexing: '解析中',
  statusReady: '已就绪',
  statusFailed: '解析失败',
  openChat: '对话',
  deleteConfirm: '确定删除这份文档吗？删除后不可恢复。',
  pickDoc: '从左侧选择或上传一份文档开始对话',
  summary: '摘要',
  outline: '大纲',
  overviewLoading: '正在生成摘要和大纲…',
  askPlaceholder: '就这份文档提问，例如：文中的主要结论是什么？',
  ask: '提问',
  citationTitle: (n: number) => `引用 [${n}]`,
  pageLabel: (page: number) => `第 ${page} 页`,
  demoBadge: '演示',
  demoNote: '演示模式：摘要和回答由文档原文摘录生成，并非真实模型输出。',
  chunksLabel: (n: number) => `${n} 个段落`,
  backToLibrary: '文档库',
} as const;

/** File types the library takes (the parsers of server/src/modules/uploads/parse). */
export const DOC_LIBRARY_TYPES = ['pdf', 'docx', 'pptx', 'xlsx', 'epub', 'txt', 'md'] as const;
export const DOC_LIBRARY_MAX_BYTES = 50 * 1024 * 1024;
/** Documents one user may keep. */
export const DOC_LIBRARY_MAX_FILES = 200;
export const DOC_QUERY_MAX_CHARS = 500;

export type DocFileStatus = 'indexing' | 'ready' | 'failed';

export interface DocFileInfo {
  file_id: string;
  name: string;
  ext: string;
  bytes: number;
  status: DocFileStatus;
  /** The indexing task (GET /api/v1/tasks/{id} shows its progress). */
  task_id: string | null;
  error: string | null;
  sections: number;
  chunks: number;
  chars: number;
  /** Whether the chunks carry embeddings (hybrid retrieval) or full text only. */
  embedded: boolean;
  created_at: string;
}

/** One retrieved passage: where it is in the document and how it ranked. */
export interface DocPassage {
  /** The citation number [n] in an answer (1-based, in rank order). */
  n: number;
  chunk_id: number;
  page: number | null;
  section: string;
  content: string;
  score: number;
}

export interface DocSearchRes {
  file_id: string;
  query: string;
  /** hybrid: full text and embeddings fused; fulltext: no embedding model or no vectors. */
  mode: 'hybrid' | 'fulltext';
  passages: DocPassage[];
}

export interface DocOutlineItem {
  title: string;
  page: number | null;
  level: number;
}

export interface DocOverview {
  file_id: string;
  summary: string;
  outline: DocOutlineItem[];
  demo: boolean;
}

const fileId = z.string({ error: DOC_LIBRARY_MSG.fileIdInvalid }).regex(/^[0-9a-f]{32}$/, { error: DOC_LIBRARY_MSG.fileIdInvalid });

export const DocFileIdSchema = z.object({ file_id: fileId });

const query = z
  .string({ error: DOC_LIBRARY_MSG.queryRequired })
  .trim()
  .min(1, { error: DOC_LIBRARY_MSG.queryRequired })
  .max(DOC_QUERY_MAX_CHARS, { error: DOC_LIBRARY_MSG.queryTooLong(DOC_QUERY_MAX_CHARS) });

export const DocSearchSchema = z.object({ file_id: fileId, query });

/** POST /api/v1/doc/chat: a question about one document, the earlier turns for context. */
export const DocChatSchema = z.object({
  file_id: fileId,
  question: query,
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(4000) }))
    .max(10)
    .optional(),
});
export type DocChatReq = z.infer<typeof DocChatSchema>;
