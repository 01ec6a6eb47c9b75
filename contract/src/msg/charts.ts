/** AI图表, 图表记录 and chart exports (docs/product/creation.md "Charts and data"). */
export const CHARTS_MSG = {
  chartExportPng: '导出 PNG',
  chartExportSvg: '导出 SVG',
  chartExportFailed: '图表导出失败，请重试',
  chartFileName: 'AI图表',
  chartHistoryNew: '新建图表',
  chartHistoryEmpty: '还没有生成过图表',
  chartHistoryPick: '选择一条记录查看图表',
  chartHistoryOpenInTool: '在 AI图表 中打开',
  chartHistoryDeleted: '已删除',
  pageExportHtml: '下载 HTML',
} as const;
