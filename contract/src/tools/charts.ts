import { mainText, promptTool, select } from './form';
import { page } from './page-entry';
import type { ToolSpec } from './spec';

/**
 * Charts and data (issue 13, docs/product/creation.md "Charts and data"): AI图表 answers an ECharts
 * option as a ```echarts block from pasted data or a description; 数据分析 reads an uploaded CSV/XLSX,
 * the server computes the statistics itself and the model writes the analysis with charts. Both
 * are prompt tools (streamed, metered by tool_generate, saved to the tool's history); the server
 * checks every chart against a whitelist before the answer is saved (chart-check.ts).
 */

/** Chart type choices; the server maps each label to an ECharts series type. */
export const CHART_TYPE_LABELS = ['自动选择', '柱状图', '折线图', '饼图', '散点图', '雷达图', '漏斗图', '仪表盘'] as const;

/** Data files 数据分析 reads, and their largest size (the statistics are computed in the request). */
export const DATA_FILE_EXTENSIONS = ['csv', 'xlsx'] as const;
export const DATA_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Looks the page makers offer. */
export const PAGE_THEMES = ['简约商务', '科技深色', '清新活泼'] as const;

const CHART: Pick<ToolSpec, 'group' | 'quotaKey' | 'modelSwitch'> = { group: 'chart', quotaKey: 'tool_generate', modelSwitch: true };

const SALES_TABLE = '月份,销售额,成本\n1月,120,80\n2月,132,90\n3月,101,70\n4月,134,95\n5月,190,120\n6月,230,150';

export const CHART_TOOLS: readonly ToolSpec[] = [
  promptTool({
    ...CHART,
    id: 'aiChart',
    path: '/aiChart',
    title: 'AI图表',
    description: '粘贴表格数据或描述需求，AI 生成柱状图、折线图、饼图等图表，可导出 PNG 和 SVG。',
    icon: '📊',
    fields: [
      mainText('数据或需求', '粘贴表格（CSV、制表符分隔或 Markdown 表格），或描述想要的图表', 8000),
      select('chartType', '图表类型', [...CHART_TYPE_LABELS]),
      { name: 'title', type: 'text', label: '图表标题', max: 40, placeholder: '可不填，由 AI 拟定' },
    ],
    examples: [
      { label: '月度销售（表格）', inputs: { text: SALES_TABLE, chartType: '柱状图', title: '上半年销售额与成本' } },
      { label: '渠道占比', inputs: { text: '渠道\t订单数\n线上商城\t520\n门店\t310\n直播\t260\n分销\t110', chartType: '饼图' } },
      { label: '能力雷达', inputs: { text: '| 能力 | 小王 | 小李 |\n| --- | --- | --- |\n| 沟通 | 80 | 65 |\n| 技术 | 70 | 90 |\n| 执行 | 85 | 75 |\n| 创新 | 60 | 80 |', chartType: '雷达图' } },
    ],
    scenarios: ['office', 'study'],
    keywords: ['图表', '柱状图', '折线图', '饼图', '可视化', 'echarts'],
  }),
  page({
    id: 'aiChartHistory',
    paths: ['/aiChart/aicharthistory'],
    title: '图表记录',
    description: '我用 AI图表 生成过的图表：重新打开、导出或删除。',
    group: 'chart',
    icon: '🗂️',
    keywords: ['图表记录', '我的图表'],
  }),
  {
    ...promptTool({
      ...CHART,
      id: 'aiDataAnalysis',
      path: '/aiDesign/aiDataAnalysis',
      title: '数据分析',
      description: '上传 CSV 或 Excel 表格，系统统计各列数据，AI 写出带图表的分析报告，可下载 Word 或 Markdown。',
      icon: '📈',
      fields: [
        { name: 'data', type: 'file', label: '数据文件', required: true, accept: DATA_FILE_EXTENSIONS, maxBytes: DATA_FILE_MAX_BYTES, help: '支持 CSV 和 XLSX（读取第一个工作表），第一行为表头' },
        mainText('分析要求', '想了解什么？例如：各地区销售额的差异和趋势（可不填）', 1000, false),
        select('depth', '报告详略', ['简要', '详细']),
      ],
      scenarios: ['office', 'study'],
      keywords: ['数据分析', 'Excel', 'CSV', '统计', '报表'],
    }),
    paths: ['/aiDesign/aiDataAnalysis', '/analysis'],
  },
  // The two page makers answer one ```html block: a self-contained page (inline CSS, charts as JSON data blocks that the
  // browser draws with our own ECharts bundle), shown sanitized in a sandboxed frame, exported as PNG and HTML.
  {
    ...promptTool({
      ...CHART,
      id: 'aiDataCard',
      path: '/aiDesign/aiDataCard',
      title: '数据卡片',
      description: '把一组数据做成一张好看的信息卡片：关键指标、图表和要点，可导出 PNG 图片和 HTML 文件。',
      icon: '🪪',
      fields: [
        mainText('数据或主题', '粘贴表格数据，或写下卡片的主题和要点', 6000),
        { name: 'title', type: 'text', label: '卡片标题', max: 40, placeholder: '可不填，由 AI 拟定' },
        select('theme', '风格', [...PAGE_THEMES]),
      ],
      examples: [{ label: '季度业绩', inputs: { text: '季度,营收(万元),新增客户\nQ1,320,45\nQ2,410,60\nQ3,388,52\nQ4,520,75', title: '年度业绩一览', theme: '简约商务' } }],
      scenarios: ['office', 'create'],
      keywords: ['数据卡片', '信息图', '数据可视化'],
    }),
    output: 'page',
  },
  {
    ...promptTool({
      ...CHART,
      group: 'design',
      id: 'aiDataWebDesign',
      path: '/aiDesign/aiDataWebDesign',
      title: '网页设计',
      description: '根据数据或主题生成一个单页网页：标题、指标、图表和说明，一键导出 HTML 文件或 PNG 长图。',
      icon: '🖥️',
      fields: [
        mainText('数据或主题', '粘贴表格数据，或描述网页的主题和内容', 8000),
        { name: 'title', type: 'text', label: '网页标题', max: 40, placeholder: '可不填，由 AI 拟定' },
        select('theme', '风格', [...PAGE_THEMES]),
      ],
      examples: [{ label: '门店销售看板', inputs: { text: '门店\t销售额\t客流\n旗舰店\t86000\t3200\n商场店\t64000\t2800\n社区店\t31000\t1500', title: '门店销售看板', theme: '科技深色' } }],
      scenarios: ['office', 'create'],
      keywords: ['网页', '单页', '落地页', 'HTML'],
    }),
    output: 'page',
  },
];
