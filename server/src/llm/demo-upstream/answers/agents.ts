import type { SpecialAnswer } from './types';

/**
 * Demo answers to the system agents of server/catalog/agents.json whose output has a fixed shape:
 * the find-websites agent (a JSON array built from the web_browser tool's findings in the system
 * text) and the flow-chart agent (a mermaid block from the question's steps). Deterministic.
 */
const WEBSITES_MARKER = '只输出一个 JSON 数组，每项包含 title、describe、type、classify、url、tag';
const FLOWCHART_MARKER = '```mermaid 代码块（flowchart TD）';
const URL = /https?:\/\/[^\s"'<>）)\]]+/;

interface Site {
  title: string;
  describe: string;
  type: string;
  classify: string;
  url: string;
  tag: string[];
}

/** Websites named in the tool context: each line with a URL, its title the words before it. */
function sitesIn(system: string, question: string): Site[] {
  const at = system.indexOf('以下是工具检索到的资料');
  const context = at >= 0 ? system.slice(at) : '';
  const lines = context.split('\n');
  const sites: Site[] = [];
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const m = URL.exec(line);
    if (!m || seen.has(m[0])) return;
    seen.add(m[0]);
    const before = line
      .slice(0, m.index)
      .replace(/^\s*(\d+[.、)]|[-*])\s*/, '')
      .replace(/[\s:：\-|（(]+$/, '')
      .trim();
    const after = line
      .slice(m.index + m[0].length)
      .replace(/^[\s:：\-|）)]+/, '')
      .trim();
    const next = lines[i + 1] && !URL.test(lines[i + 1]!) ? lines[i + 1]!.trim() : '';
    let host = m[0];
    try {
      host = new globalThis.URL(m[0]).hostname;
    } catch {
      // keep the raw text
    }
    sites.push({
      title: (before || host).slice(0, 80),
      describe: (after || next || `与「${question.slice(0, 30)}」相关的网站`).slice(0, 200),
      type: '网站',
      classify: '推荐',
      url: m[0],
      tag: [host],
    });
  });
  return sites.slice(0, 10);
}

export function flowchart(question: string): string {
  const topic =
    question
      .replace(/[画帮我请把的流程图出来？?。]/g, '')
      .trim()
      .slice(0, 20) || '流程';
  return [
    `下面是「${topic}」的流程图：`,
    '',
    '```mermaid',
    'flowchart TD',
    `  A([开始]) --> B[明确「${topic}」的目标]`,
    '  B --> C[准备所需信息]',
    '  C --> D{信息是否完整？}',
    '  D -- 否 --> C',
    '  D -- 是 --> E[执行主要步骤]',
    '  E --> F[检查结果]',
    '  F --> G([结束])',
    '```',
    '',
    '关键节点：「信息是否完整」是判断分支，不完整时回到准备阶段；执行后需要检查结果再结束。',
  ].join('\n');
}

export const agentsAnswer: SpecialAnswer = (question, system) => {
  if (system.includes(WEBSITES_MARKER)) return JSON.stringify(sitesIn(system, question), null, 2);
  if (system.includes(FLOWCHART_MARKER)) return flowchart(question);
  return undefined;
};
