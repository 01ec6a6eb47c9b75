/**
 * Messages of share links and chat export (/api/v1/share/*, /api/v1/chat/export/*, the public page /s/{token}),
 * plus the texts of the chat page's 分享 and 导出 menu.
 */
export const SHARE_MSG = {
  shareKindInvalid: '参数 kind 只能是 chat 或 battle',
  shareIdRequired: '请提供要分享的会话 id',
  shareTokenRequired: '请提供分享 token',
  shareTargetNotFound: '会话不存在或已删除',
  shareNotFound: '分享链接不存在或已撤销',
  shareCreated: '分享链接已创建',
  shareRevoked: '已撤销分享',
  exportFormatInvalid: '参数 format 只能是 md、docx 或 pdf',
  exportPdfUnavailable: '服务器暂不支持导出 PDF，请先导出 Word 文档',
  exportEmpty: '这个会话还没有内容，无法导出',

  // ---- The public page /s/{token} (rendered by the server)
  pageSiteName: '万象 AI',
  pageSharedChat: '分享的对话',
  pageSharedBattle: '分享的模型对比',
  pageDescription: (n: number) => `万象 AI 上分享的对话，共 ${n} 个问题`,
  pageQuestion: '问',
  pageAnswer: (model: string) => (model ? `答（${model}）` : '答'),
  pageReadOnly: '只读分享，不含附件和分享者的账号信息',
  pageVisit: '去万象 AI 试试',
  pageNotFoundTitle: '分享不存在 - 万象 AI',
  pageNotFound: '这个分享链接不存在或已被撤销。',
  pageBackHome: '返回万象 AI 首页',
  exportQuestion: '问',
  exportAnswer: (model: string) => (model ? `答（${model}）` : '答'),

  // ---- The chat page's menu (web/src/features/chat)
  menuShare: '分享',
  menuExport: '导出',
  exportMarkdown: 'Markdown',
  exportWord: 'Word',
  exportPdf: 'PDF',
  shareTitle: '分享对话',
  shareIntro: '任何拿到链接的人都能只读查看这段对话（不含附件和你的账号信息）。',
  shareCopy: '复制链接',
  shareCopied: '已复制',
  shareCopyFailed: '复制失败，请手动选择复制',
  shareRevoke: '撤销分享',
  shareRevokeDone: '已撤销，链接失效',
  shareFailed: '创建分享链接失败，请稍后重试',
  shareNeedsMessages: '先发一条消息再分享',
  exportFailed: '导出失败，请稍后重试',
  close: '关闭',
} as const;
