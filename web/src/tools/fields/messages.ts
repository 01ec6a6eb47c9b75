/**
 * Chinese text of the image tools' form fields (mask painter, style cards, ratio boxes, consent)
 * and of the result slots. Kept beside the components: the registry's shared messages live in
 * contract/, which the web side of the image family does not change.
 */
export const FIELD_MSG = {
  // Mask painter
  maskNeedsImage: (imageLabel: string) => `请先上传${imageLabel}，再在图片上涂抹要处理的区域`,
  maskLoading: '正在加载图片…',
  maskLoadFailed: '图片加载失败，请重新上传',
  maskCanvas: '涂抹区域：按住拖动在图片上涂抹要重绘的部分',
  maskTools: '涂抹工具',
  maskBrush: '画笔',
  maskEraser: '橡皮擦',
  maskSize: '笔刷大小',
  maskUndo: '撤销',
  maskClear: '清空',
  maskStrokes: (n: number) => (n > 0 ? `已涂抹 ${n} 笔，涂抹的区域将被重绘` : '尚未涂抹'),
  maskRequired: '请先在图片上涂抹要处理的区域',
  maskUploading: '正在上传涂抹区域…',
  maskUploadFailed: '涂抹区域上传失败，请重试',
  // Style cards, ratio boxes, consent
  pickRequired: (label: string) => `请选择${label}`,
  consentRequired: '请先阅读并勾选同意',
  // Result slots
  slotWaiting: (i: number, total: number) => `第 ${i} / ${total} 张，生成中`,
  slotQueued: '排队中',
} as const;
