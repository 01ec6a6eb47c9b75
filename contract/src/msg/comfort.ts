/**
 * Messages of the web app's comfort features (issue 17 part 5, docs/product/comfort.md): the theme switch, the
 * keyboard shortcuts and their sheet, the code block copy button and Mermaid diagrams.
 */
export const COMFORT_MSG = {
  themeLabel: '外观',
  themeSystem: '跟随系统',
  themeLight: '浅色',
  themeDark: '深色',

  shortcutsTitle: '键盘快捷键',
  shortcutsHint: '在输入框里打字时，除 Esc 外的快捷键不会触发。',
  shortcutNewChat: '新建对话',
  shortcutStop: '停止回答',
  shortcutFocusInput: '聚焦输入框',
  shortcutSearchHistory: '搜索历史对话',
  shortcutShowSheet: '显示快捷键列表',
  shortcutsMenu: '快捷键',
  historySearchPlaceholder: '搜索历史对话标题',
  historySearchEmpty: '没有找到相关对话',
  historySearchFailed: '搜索失败，请稍后再试',
  historySearchHint: '↑↓ 选择，Enter 打开',

  codeCopy: '复制',
  /** The code block button's accessible name: apart from the reply's own 复制. */
  codeCopyLabel: '复制代码',
  codeCopied: '已复制',
  codeCopyFailed: '复制失败',

  mermaidPending: '图表生成中…',
  mermaidLoading: '图表加载中…',
  mermaidInvalid: 'Mermaid 图表语法有误，以下为原始代码',

  usageChartTitle: (days: number) => `近 ${days} 天各模型与功能用量（次）`,
  usageChartEmpty: (days: number) => `近 ${days} 天还没有使用记录`,
  pointsChartTitle: (days: number) => `近 ${days} 天积分收支`,
  pointsChartEmpty: (days: number) => `近 ${days} 天没有积分变动`,
  pointsChartIncome: '收入',
  pointsChartExpense: '支出',
  chartLoadingShort: '图表加载中…',
  chartFailedShort: '图表加载失败',
  dailyDaysInvalid: '天数必须是 1-60 之间的整数',
} as const;
