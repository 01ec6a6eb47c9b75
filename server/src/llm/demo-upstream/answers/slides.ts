import { contentAfterMarker, OUTLINE_MARKER } from '../markers';
import type { SpecialAnswer } from './types';

/**
 * The demo upstream's presentation outline (modules/slides): a deterministic markdown outline
 * derived from the content (title, 4 to 6 chapters, slides with bullets), so slides work
 * end to end without vendor keys. Sentences of a long chat answer become bullets of their own.
 */

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The subject of the content: its first heading or line, without markdown or question words. */
function subjectOf(content: string): string {
  const first = content.split(/\r?\n/).find((l) => l.trim()) ?? '';
  const flat = first
    .replace(/^#+\s*|[`*_>#|[\]\\]/g, '')
    .replace(/^(?:请问|请|帮我|你知道|什么是|介绍一下|讲讲|说说|如何|怎样|怎么)+/u, '')
    .replace(/[？?。！!，,：:\s]+$/u, '')
    .replace(/(?:是什么|是啥|有哪些|有什么|怎么样|吗|呢)+$/u, '')
    .trim();
  const chars = [...flat];
  return (chars.length > 18 ? chars.slice(0, 18).join('') : flat) || '主题演示';
}

/** Sentences of the content long enough to be a bullet (a chat answer's own points). */
function pointsOf(content: string): string[] {
  return content
    .split(/[\n。！？!?；;]/)
    .map((s) =>
      s
        .replace(/^\s*(?:#+|[-*+•]|\d{1,2}[.、)])\s*/, '')
        .replace(/[`*_>|]/g, '')
        .trim(),
    )
    .filter((s) => [...s].length >= 6 && [...s].length <= 40);
}

const CHAPTERS: readonly { title: string; slides: readonly [string, readonly string[]][] }[] = [
  { title: '背景与概述', slides: [['{t}的由来', ['{t}的基本定义与范围', '发展历程中的关键节点', '当前受到关注的原因']]] },
  {
    title: '核心概念',
    slides: [
      ['关键术语', ['{t}涉及的核心要素', '各要素之间的关系', '容易混淆的相近概念']],
      ['基本原理', ['{t}的运行机制', '影响效果的主要因素', '一个直观的例子']],
    ],
  },
  { title: '现状分析', slides: [['发展现状', ['{t}的市场与应用规模', '主要参与者与格局', '近年的变化趋势']]] },
  {
    title: '方法与实践',
    slides: [
      ['实施步骤', ['明确目标与评价标准', '拆解任务并分配资源', '小步试点后逐步推广']],
      ['典型案例', ['案例一：从零起步的做法', '案例二：规模化落地的经验', '可复用的共性做法']],
    ],
  },
  {
    title: '挑战与对策',
    slides: [
      ['主要挑战', ['成本与收益的平衡', '技术与人才的短板', '规范与风险的控制']],
      ['应对策略', ['建立持续改进机制', '加强跨部门协作', '用数据驱动决策']],
    ],
  },
  { title: '未来展望', slides: [['发展趋势', ['{t}的技术演进方向', '新的应用场景', '长期影响与机遇']]] },
  { title: '总结与建议', slides: [['行动建议', ['先从最有价值的环节入手', '定期复盘并调整方案', '持续学习{t}的新进展']]] },
];

export function outlineAnswer(content: string): string {
  const t = subjectOf(content);
  const h = hash(content);
  // 4 to 6 chapters: the first, the last, and a run from the middle picked by the hash.
  const count = 4 + (h % 3);
  const middle = CHAPTERS.slice(1, -1);
  const start = h % middle.length;
  const picked = [CHAPTERS[0]!, ...Array.from({ length: count - 2 }, (_, i) => middle[(start + i) % middle.length]!), CHAPTERS.at(-1)!];
  const points = pointsOf(content).filter((p) => !p.startsWith(t));
  const fill = (s: string) => s.replaceAll('{t}', t);
  const lines = [`# ${t}`, `- ${fill('关于{t}的系统梳理与思考')}`];
  picked.forEach((c, i) => {
    lines.push(`## ${c.title}`);
    for (const [title, bullets] of c.slides) {
      lines.push(`### ${fill(title)}`);
      for (const b of bullets) lines.push(`- ${fill(b)}`);
    }
    // The content's own points go into the second chapter.
    if (i === 1 && points.length > 0) {
      lines.push('### 要点摘录');
      for (const p of points.slice(0, 5)) lines.push(`- ${p}`);
    }
  });
  return lines.join('\n');
}

export const slidesAnswer: SpecialAnswer = (question) => {
  const content = contentAfterMarker(question, OUTLINE_MARKER);
  return content === undefined ? undefined : outlineAnswer(content.trim());
};
