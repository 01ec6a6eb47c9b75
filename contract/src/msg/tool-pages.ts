/**
 * Messages of the generic tool pages (docs/product/creation.md): the prompt-tool page (form,
 * streamed answer, exports, history) and the task-tool page (uploads, task list, results).
 * Spread into MSG (messages.ts).
 */
export const TOOL_PAGES_MSG = {
  // Form
  toolFormSelect: '请选择',
  toolFormExamples: '试试这些示例：',
  toolFormModel: '回答模型',
  toolFormModelDefault: '默认（推荐）',
  toolFormSubmit: '开始生成',
  toolFormGenerating: '生成中...',
  toolFormReset: '清空',
  toolFormUpload: '上传文件',
  toolFormUploadImage: '上传图片',
  toolFormUploadHint: (accept: string, mb: number) => `支持 ${accept}，不超过 ${mb} MB`,
  toolFormUploadTooBig: (mb: number) => `文件不能超过 ${mb} MB`,
  toolFormUploadBadType: (accept: string) => `仅支持 ${accept} 格式`,
  toolFormUploading: '上传中',
  toolFormUploadFailed: '上传失败，请重试',
  toolFormUploaded: '✓ 已上传',
  toolFormUploadRemove: '移除',
  toolFormUploadWait: '文件还在上传，请稍候',
  // Prompt-tool answer
  toolAnswerTitle: '生成结果',
  toolAnswerEmpty: '填写左侧内容后点击「开始生成」，结果会显示在这里',
  toolAnswerEmptyMobile: '填写上方内容后点击「开始生成」，结果会显示在这里',
  toolAnswerStop: '停止生成',
  toolAnswerStopped: '已停止生成',
  toolAnswerRegenerate: '重新生成',
  toolAnswerDownloadDocx: '下载 Word',
  toolAnswerDownloadMd: '下载 Markdown',
  toolAnswerDownloadFailed: '下载失败，请稍后再试',
  toolAnswerFailed: '生成失败，请稍后再试',
  toolAnswerAiNote: '内容由AI生成，仅供参考，请注意甄别',
  toolAnswerDemo: '演示模式：当前回答由内置演示模型生成',
  // History
  toolHistoryTitle: '历史记录',
  toolHistoryEmpty: '暂无记录',
  toolHistoryLoginHint: '登录后可查看历史记录',
  toolHistoryDelete: '删除',
  toolHistoryDeleteConfirm: '确定删除这条记录吗？',
  toolHistoryDeleted: '已删除',
  toolHistoryMore: '加载更多',
  toolHistoryOpen: '查看历史',
  // Task-tool page
  taskPageListTitle: '我的任务',
  taskPageListEmpty: '暂无任务，提交后会显示在这里',
  taskPageSubmitted: '任务已提交，正在排队',
  taskPageStateQueued: '排队中',
  taskPageStateRunning: '生成中',
  taskPageStateSucceeded: '已完成',
  taskPageStateFailed: '失败',
  taskPageStateCanceled: '已取消',
  taskPageCancel: '取消',
  taskPageCancelConfirm: '确定取消这个任务吗？',
  taskPageCanceled: '任务已取消',
  taskPageRetry: '重试',
  taskPageRetried: '已重新提交',
  taskPageDownload: '下载',
  taskPageDownloadPoster: '下载封面',
  taskPageEnlarge: '查看大图',
  taskPageFailedDefault: '任务失败，次数已退回',
  taskPageLoadFailed: '加载失败',
  taskPageAiNote: '内容由AI生成，已添加AI生成标识',

  // Tool grids (/function, /AIApply, the hubs): the operator's settings over each card
  /** A card's tag for a tool the operator switched off (its page says toolDisabled). */
  toolCardPaused: '已暂停',
  /** A card's points price in force (the console's price over the bundled one). */
  toolCardPoints: (points: number) => `${points} 积分/次`,
} as const;
