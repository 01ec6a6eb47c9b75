import { checkChartBlocks, checkHtmlPageAnswer, CHART_TYPES, DATA_FILE_EXTENSIONS, fileExtension, type ToolInputs } from '@wanxiang/contract';
import { autoChartType, CHART_TYPE_OF_LABEL, demoChartOption, SAMPLE_TABLE } from './chart-demo';
import { readDataFile } from './data-file';
import { DEMO_NOTE, md, shortText, str, systemPrompt } from './prompt-parts';
import { demoPageAnswer } from './page-demo';
import { parseTableText, sampleMarkdown, statsMarkdown, tableStats, type DataTable } from './table-data';
import { DEMO_ANSWER_MAX_CHARS, type PromptToolServer, type ToolFact } from './types';

/** Server halves of AI图表, 数据分析, 数据卡片 and 网页设计 (contract/src/tools/charts.ts). */
const GENERAL = 'deepseek-v3';

/** The rules every chart a model writes must follow; the server's whitelist (chart-check.ts) enforces them on save. */
const CHART_RULES = [
  `图表用一个 \`\`\`echarts 代码块给出，里面只有一个合法的 JSON 对象（ECharts option）：双引号、无注释、无尾逗号；`,
  `series 的 type 只能是 ${CHART_TYPES.join('、')} 之一；不要使用函数、formatter 中不要写 HTML，不要使用 toolbox、graphic、图片和链接；`,
  '数据一组不超过 200 项，配置不超过 8000 字符。',
];

/** Labels of the facts, shared by the facts and the demo that reads them back. */
const FACT_TABLE = '识别到的表格';
const FACT_CHART = '系统按数据生成的参考图表（ECharts 配置）';
const FACT_FILE = '文件概况';
const FACT_STATS = '各列统计（系统计算，以此为准）';
const FACT_SAMPLE = '数据样本（前 15 行）';

const factOf = (facts: readonly ToolFact[], label: string) => facts.find((f) => f.label === label)?.value ?? '';

/** The saved answer: every ```echarts block checked against the whitelist, failing ones replaced by a note. */
const checkedCharts = (content: string) => checkChartBlocks(content).content;

function chartFacts(values: ToolInputs): ToolFact[] {
  const table = parseTableText(str(values, 'text'));
  const title = str(values, 'title') || (table ? `${table.columns.slice(1, 3).join('与')}图表` : '示例图表');
  const type = CHART_TYPE_OF_LABEL[str(values, 'chartType', '自动选择')] ?? autoChartType(table ?? SAMPLE_TABLE);
  const option = JSON.stringify(demoChartOption(table ?? SAMPLE_TABLE, type, title));
  if (!table) return [{ label: FACT_TABLE, value: '未识别到表格：请根据描述拟定合理的示例数据，并在解读中说明数据为示例。' }, { label: FACT_CHART, value: option }];
  return [
    { label: FACT_TABLE, value: `${table.rows.length} 行 ${table.columns.length} 列；列：${table.columns.join('、')}` },
    { label: FACT_CHART, value: option },
  ];
}

/** The facts of an uploaded data file: size, the statistics computed here, a sample and a reference chart. */
export function analysisFacts(table: DataTable, fileName: string, sheet?: string): ToolFact[] {
  const stats = tableStats(table);
  const option = demoChartOption(table, autoChartType(table), `${table.columns.find((_c, i) => stats.list[i]?.kind === 'number') ?? '数据'}概览`);
  return [
    { label: FACT_FILE, value: `${fileName}${sheet ? `（工作表：${sheet}）` : ''}，共 ${stats.rows} 行、${stats.columns} 列` },
    { label: FACT_STATS, value: statsMarkdown(stats) },
    { label: FACT_SAMPLE, value: sampleMarkdown(table) },
    { label: FACT_CHART, value: JSON.stringify(option) },
  ];
}

/** The system prompt of a page maker: what the one ```html block must be. */
function pageSystem(role: string, kind: string): string {
  return systemPrompt({
    role,
    method: [
      '用户给了表格时，页面中的数字必须与表格一致，不要编造；只有主题时，拟定合理的示例数据并在页面上注明“示例数据”；',
      `先用一句话说明这个${kind}的设计思路，然后给出一个 \`\`\`html 代码块，里面是完整、独立的 HTML 页面：所有样式写在 <style> 中，不引用任何外部文件、字体、图片或脚本；`,
      '每个图表写成 <script type="application/json" data-chart>ECharts option 的 JSON</script>，放在页面中要显示图表的容器里（容器给出高度，例如 300px），页面会用我们自己的图表库把它画出来；除此之外不要写任何 <script>、事件属性或链接；',
      ...CHART_RULES,
      '按用户选择的风格配色；中文排版，层次清楚，适合截图分享。',
    ],
    structure: ['一句话设计说明；', '一个 ```html 代码块（完整页面）；', '## 使用建议：1 到 3 条。'],
  });
}

export const CHART_PROMPTS: readonly PromptToolServer[] = [
  {
    id: 'aiChart',
    model: GENERAL,
    temperature: 0.2,
    maxChars: 12000,
    system: systemPrompt({
      role: '你是一位数据可视化专家，把用户给出的数据或需求画成清晰、准确的 ECharts 图表。',
      method: [
        '用户给了表格时，图表中的数字必须与表格完全一致，不要增删或估算；没有表格时，按描述拟定合理的示例数据；',
        '按用户选择的图表类型作图；选择“自动选择”时，根据数据特点挑选最合适的类型（占比用饼图，趋势用折线图，对比用柱状图）；',
        '系统数据中的参考图表是按数据生成的可用配置，可以在它的基础上改进配色、标题、坐标轴和图例；',
        ...CHART_RULES,
      ],
      structure: ['一句话说明这张图表展示了什么；', '一个 ```echarts 代码块；', '## 图表解读：2 到 4 条要点，指出最高、最低、趋势或占比。'],
    }),
    facts: (v) => chartFacts(v),
    finish: checkedCharts,
    demo: (v, facts) =>
      md(
        `这张图表展示了「${shortText(str(v, 'title') || factOf(facts, FACT_TABLE), 30)}」。`,
        '',
        '```echarts',
        factOf(facts, FACT_CHART),
        '```',
        '',
        '## 图表解读',
        '- 图中数值取自你提供的数据，可用右上角按钮导出 PNG 或 SVG。',
        '- 换一种图表类型重新生成，可以从不同角度观察同一组数据。',
        '',
        DEMO_NOTE,
      ),
  },
  {
    id: 'aiDataAnalysis',
    model: GENERAL,
    temperature: 0.3,
    maxChars: 12000,
    system: systemPrompt({
      role: '你是一位资深数据分析师，根据系统统计好的数据写一份清晰、可信的分析报告。',
      method: [
        '系统数据中的行数、列数、最小值、最大值、平均值、中位数、缺失值和最常见取值是系统对整份文件计算的结果，直接引用，不要自己重新计算或编造；',
        '样本只是前几行，只用来理解每列的含义，不要用样本推断总体数字；',
        '结合用户的分析要求，指出分布、差异、异常值和数据质量问题，给出可执行的建议；',
        '用 1 到 3 个图表辅助说明（系统数据中的参考图表可直接使用或改进）；',
        ...CHART_RULES,
      ],
      structure: ['## 数据概况；', '## 关键发现：编号列出，每条引用具体数字；', '## 图表：```echarts 代码块，每个图表前一句说明；', '## 数据质量：缺失值与异常；', '## 建议。'],
      notes: ['选择“简要”时报告控制在 600 字以内；选择“详细”时可逐列分析。'],
    }),
    fileFacts: async (values, read) => {
      const fileId = str(values, 'data');
      const file = await read(fileId);
      if (!file) return { refusal: '找不到上传的数据文件，请重新上传' };
      const ext = fileExtension(file.name);
      if (!(DATA_FILE_EXTENSIONS as readonly string[]).includes(ext)) return { refusal: '数据分析只支持 CSV 和 XLSX 文件' };
      const read2 = await readDataFile(ext, file.data);
      if (!read2.ok) return { refusal: read2.reason };
      return analysisFacts(read2.table, file.name, read2.sheet);
    },
    finish: checkedCharts,
    demo: (v, facts) => {
      const stats = factOf(facts, FACT_STATS).split('\n');
      const answer = (columns: number) =>
        md(
          '## 数据概况',
          `- ${factOf(facts, FACT_FILE)}`,
          v.text ? `- 分析要求：${shortText(v.text, 40)}` : '- 未填写分析要求：以下为整体概览。',
          '',
          '## 关键发现',
          // The statistics the server computed, as many columns as the demo header holds.
          ...(columns > 0 ? stats.slice(0, columns + 2) : ['- 各列统计见系统数据。']),
          '',
          '## 图表',
          '按第一组数值绘制的概览：',
          '',
          '```echarts',
          factOf(facts, FACT_CHART),
          '```',
          '',
          '## 建议',
          '- 先处理缺失值较多的列，再比较各类别之间的差异。',
          '',
          DEMO_NOTE,
        );
      for (let columns = 6; columns > 0; columns--) {
        const text = answer(columns);
        if ([...text].length <= DEMO_ANSWER_MAX_CHARS) return text;
      }
      return answer(0);
    },
  },
  {
    id: 'aiDataCard',
    model: GENERAL,
    temperature: 0.4,
    maxChars: 16000,
    system: pageSystem('你是一位信息设计师，把数据做成一张精致的数据卡片（宽约 720px 的竖版卡片：标题、3 到 4 个关键指标、1 个图表、2 到 3 条要点）。', '数据卡片'),
    finish: checkHtmlPageAnswer,
    demo: (v) => demoPageAnswer(str(v, 'text'), str(v, 'title') || '数据卡片', str(v, 'theme', '简约商务'), DEMO_NOTE),
  },
  {
    id: 'aiDataWebDesign',
    model: GENERAL,
    temperature: 0.4,
    maxChars: 16000,
    system: pageSystem('你是一位网页设计师，把数据或主题做成一个单页网页（页眉、指标区、1 到 3 个图表、数据表或说明文字、页脚），宽屏和手机上都好看。', '网页'),
    finish: checkHtmlPageAnswer,
    demo: (v) => demoPageAnswer(str(v, 'text'), str(v, 'title') || '数据网页', str(v, 'theme', '简约商务'), DEMO_NOTE),
  },
];
