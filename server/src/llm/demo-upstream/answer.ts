/**
 * The demo upstream's replies: deterministic Chinese markdown derived from the question, so a
 * person trying the product without vendor keys sees every kind of block the chat renders
 * (paragraphs, a list, a code block, a table, inline math), and tests can predict the text.
 */
import { citationLines } from './citations';
import { specialAnswer } from './answers';

/** FNV-1a: a stable small hash to vary the reply by question without randomness. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const ANGLES = ['实际场景', '常见误区', '成本与收益', '长期影响', '可操作性'];

const SNIPPETS: readonly { lang: string; code: (topic: string) => string[] }[] = [
  {
    lang: 'typescript',
    code: (t) => [
      `function summarize(topic: string): string[] {`,
      `  return ['明确目标', '拆解步骤', '验证结果'].map((s) => \`\${topic}：\${s}\`);`,
      `}`,
      ``,
      `console.log(summarize(${JSON.stringify(t)}));`,
    ],
  },
  {
    lang: 'python',
    code: (t) => [
      `def summarize(topic: str) -> list[str]:`,
      `    steps = ["明确目标", "拆解步骤", "验证结果"]`,
      `    return [f"{topic}：{s}" for s in steps]`,
      ``,
      `print(summarize(${JSON.stringify(t)}))`,
    ],
  },
  {
    lang: 'javascript',
    code: (t) => [
      `const steps = ['明确目标', '拆解步骤', '验证结果'];`,
      `for (const [i, s] of steps.entries()) {`,
      `  console.log(\`\${i + 1}. ${t.replace(/[`$\\]/g, '')}：\${s}\`);`,
      `}`,
    ],
  },
];

/** A one-line, markdown-neutral excerpt of the question. */
function topicOf(question: string): string {
  const flat = question
    .replace(/\s+/g, ' ')
    .replace(/[`|*_#<>[\]\\$]/g, '')
    .trim();
  const chars = [...flat];
  return chars.length > 24 ? `${chars.slice(0, 24).join('')}…` : flat || '你好';
}

/** A follow-up suggestion request (chat/followups.ts) asks for a JSON list of related questions. */
const FOLLOWUP_REQUEST = /给出3到5个用户可能继续追问的相关问题[\s\S]*?问题：([\s\S]*)$/;
const FOLLOWUP_TEMPLATES = [
  (t: string) => `${t}的核心原理是什么？`,
  (t: string) => `${t}有哪些常见的误区？`,
  (t: string) => `如何在实际生活中应用${t}？`,
  (t: string) => `${t}未来的发展趋势如何？`,
  (t: string) => `学习${t}有哪些推荐的入门资料？`,
  (t: string) => `${t}和相关概念有什么区别？`,
];

/** The subject of a question: 「什么是机器学习？」 -> 「机器学习」. */
function subjectOf(question: string): string {
  const subject = topicOf(question)
    .replace(/…$/u, '')
    .replace(/[？?。！!，,：:\s]+$/u, '')
    .replace(/^(?:请问|请|帮我|你知道|什么是|何为|如何|怎样|怎么|为什么|介绍一下|讲讲|说说)+/u, '')
    .replace(/(?:是什么|是啥|有哪些|有什么|怎么样|如何|吗|呢|么)+$/u, '')
    .trim();
  return subject || topicOf(question);
}

/** 3 to 5 related questions as a JSON array, the shape the follow-up parser expects. */
export function buildFollowups(question: string): string {
  const topic = subjectOf(question);
  const h = hashText(question);
  const count = 3 + (h % 3);
  const list = Array.from({ length: count }, (_, i) => FOLLOWUP_TEMPLATES[(h + i) % FOLLOWUP_TEMPLATES.length]!(topic));
  return JSON.stringify(list);
}

/** The chart model's system prompt asks for ```echarts blocks (server/catalog/models.json). */
const CHART_REQUEST = /```echarts/;
const CHART_KINDS = ['bar', 'line', 'pie'] as const;

/** A chart answer: a sentence, then a real ```echarts option JSON derived from the question. */
export function buildChartAnswer(question: string): string {
  const topic = topicOf(question);
  const h = hashText(question);
  const kind = CHART_KINDS[h % CHART_KINDS.length]!;
  const months = ['一月', '二月', '三月', '四月', '五月', '六月'];
  const values = months.map((_, i) => 40 + ((h >>> (i * 4)) % 16) * 10);
  const series =
    kind === 'pie'
      ? [{ name: topic, type: 'pie', radius: '60%', data: months.map((m, i) => ({ name: m, value: values[i] })) }]
      : [{ name: topic, type: kind, data: values, smooth: kind === 'line' }];
  const option = {
    title: { text: topic, left: 'center' },
    tooltip: { trigger: kind === 'pie' ? 'item' : 'axis' },
    ...(kind === 'pie' ? { legend: { bottom: 0 } } : { xAxis: { type: 'category', data: months }, yAxis: { type: 'value' } }),
    series,
  };
  return [
    `根据「${topic}」生成了一张${kind === 'pie' ? '饼图' : kind === 'line' ? '折线图' : '柱状图'}（演示数据），展示上半年各月的数值变化。`,
    '',
    '```echarts',
    JSON.stringify(option, null, 2),
    '```',
  ].join('\n');
}

export function buildAnswer(question: string, model: string, system = ''): string {
  const special = specialAnswer(question, system);
  if (special !== undefined) return special;
  if (CHART_REQUEST.test(system)) return buildChartAnswer(question);
  const followup = FOLLOWUP_REQUEST.exec(question);
  if (followup) return buildFollowups(followup[1]!.trim());
  const topic = topicOf(question);
  const h = hashText(question);
  const length = [...question.trim()].length;
  const angle = ANGLES[h % ANGLES.length]!;
  const snippet = SNIPPETS[h % SNIPPETS.length]!;
  const n = (h % 9) + 2;
  const safeModel = model.replace(/[|`\n]/g, '');
  return [
    `关于「${topic}」，下面是万象 AI 演示模型给出的回答。演示模式的回复由内置程序根据问题生成，用来体验流式输出、排版和交互流程，内容仅供参考。`,
    '',
    ...citationLines(system),
    '### 要点',
    '',
    `- **理解问题**：问题共 ${length} 个字，核心是「${topic}」。`,
    '- **拆解思路**：先明确目标，再列出约束条件，最后给出可执行的步骤。',
    `- **验证结论**：从${angle}的角度检查结论是否成立。`,
    '',
    '### 示例代码',
    '',
    '```' + snippet.lang,
    ...snippet.code(topic),
    '```',
    '',
    '### 对比表',
    '',
    '| 项目 | 说明 |',
    '| --- | --- |',
    `| 模型 | ${safeModel} |`,
    `| 问题长度 | ${length} 字 |`,
    `| 分析角度 | ${angle} |`,
    '',
    `行内公式示例：$E = mc^2$；求和公式 $\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$，当 $n = ${n}$ 时结果为 ${(n * (n + 1)) / 2}。`,
    '',
    '如需真实模型的回答，请在服务器上配置模型厂商的 API Key（见 docs/config.md）。',
  ].join('\n');
}

export function buildReasoning(question: string): string {
  const topic = topicOf(question);
  const angle = ANGLES[hashText(question) % ANGLES.length]!;
  return [
    `用户问的是「${topic}」。先想清楚问题的意图：需要一个结构清晰、便于阅读的回答。`,
    `第一步，概括核心；第二步，列出要点；第三步，用代码和表格举例；最后从${angle}的角度做个检查。`,
    '好，思路理清了，开始组织回答。',
  ].join('\n');
}

/**
 * Split text into small stream tokens the way a tokenizer roughly would: two CJK characters,
 * one ASCII word or number, or a run of punctuation and spaces, each carrying its trailing space.
 */
export function tokenize(text: string): string[] {
  return (
    text.match(/[\u3400-\u9fff\uf900-\ufaff]{1,2}|[A-Za-z0-9_]{1,8}\s?|\n+|[^\S\n]+|[^\sA-Za-z0-9_\u3400-\u9fff\uf900-\ufaff]{1,3}/gu) ?? []
  );
}
