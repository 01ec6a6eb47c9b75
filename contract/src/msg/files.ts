/** Messages of the file store's API (docs/api.md "Files"). Spread into MSG (messages.ts). */
export const FILES_MSG = {
  filesNotFound: '文件不存在或已过期',
  filesNeedFile: '请选择要上传的文件',
  filesTypeOnly: (types: string) => `仅支持上传以下格式的文件：${types}`,
  filesTooLarge: (kind: string, mb: number) => `${kind}不能超过${mb}MB`,
  filesEmpty: '文件是空的，请重新选择',
  filesContentMismatch: '文件内容与扩展名不符，请检查后重新上传',
  filesImageUnreadable: '图片无法识别，请换一张图片',
  filesNoThumb: '该文件没有缩略图',
  filesUploadsTooFast: '上传太频繁，请稍后再试',
} as const;
