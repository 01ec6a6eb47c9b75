/**
 * Messages of the tool registry's server side (docs/api.md "Tools"): running a prompt tool, its
 * inputs, its history and exports. Spread into MSG (messages.ts). The form wording matches the
 * tool pages' own checks (msg/tool-pages.ts), so the browser and the server say the same thing.
 */
export const TOOLS_MSG = {
  toolNotFound: '工具不存在',
  toolUnavailable: '该工具暂不可用',
  toolNotRunnable: '该页面不是可运行的工具',
  toolModelNotAllowed: '该工具不支持所选模型',
  toolRunFailed: '生成失败，请稍后再试',
  toolRunNotFound: '记录不存在或已删除',
  toolRunDeleted: '删除成功',
  toolExportFormat: '导出格式不正确，请选择 md 或 docx',
  toolInputsMissing: '请填写表单内容',
  toolInputRequired: (label: string) => `请填写${label}`,
  toolInputTooLong: (label: string, max: number) => `${label}不能超过 ${max} 个字`,
  toolInputUnknown: (name: string) => `不支持的输入项：${name}`,
  toolInputBadOption: (label: string) => `${label}的选项不正确，请重新选择`,
  toolInputBadNumber: (label: string) => `${label}需要填写数字`,
  toolInputNumberRange: (label: string, min: number, max: number) => `${label}需在 ${min} 到 ${max} 之间`,
  toolInputBadDate: (label: string) => `${label}不是有效的日期`,
  toolInputBadSwitch: (label: string) => `${label}的取值不正确`,
  toolInputBadText: (label: string) => `${label}需要填写文字`,
  toolInputBadFile: (label: string) => `${label}的文件不正确，请重新上传`,
  toolDateRangeReversed: '结束日期不能早于开始日期',
  toolDateRangeTooLong: (days: number) => `日期范围不能超过 ${days} 天`,
  toolExportTitleFallback: 'AI 生成结果',
} as const;
