import { DEMO_NOTE, md, shortText, str, systemPrompt } from './prompt-parts';
import type { PromptToolServer } from './types';

/** Server half of 日报周报 (contract/src/tools/thesis.ts, /doc/dailyModel). */
export const THESIS_PROMPTS: readonly PromptToolServer[] = [
  {
    id: 'dailyModel',
    model: 'deepseek-v3',
    temperature: 0.5,
    maxChars: 5000,
    system: systemPrompt({
      role: '你是一位职场写作助手，擅长把零散的工作记录整理成条理清楚的工作汇报。',
      method: [
        '按用户选择的类型（日报、周报或月报）和风格整理；',
        '把记录归类为已完成的工作、进行中的工作、遇到的问题与解决办法、下一步计划；',
        '只使用记录里有的事实，可以概括措辞，但不编造数字、成果和人名；缺少的部分写“无”或略去。',
      ],
      structure: [
        '## 标题：类型与岗位（如“前端工程师 周报”）；',
        '## 本期完成：编号列出，每条一句，突出结果；',
        '## 进行中：列表；',
        '## 问题与风险：列表，附应对办法；',
        '## 下期计划：列表。',
      ],
    }),
    demo: (v) =>
      md(
        `## ${str(v, 'role') ? `${shortText(str(v, 'role'), 20)} ` : ''}${str(v, 'period', '日报')}`,
        '',
        '## 本期完成',
        ...String(v.text ?? '')
          .split(/[；;。\n]/)
          .map((s) => shortText(s, 40))
          .filter(Boolean)
          .slice(0, 6)
          .map((s, i) => `${i + 1}. ${s}`),
        '',
        '## 问题与风险',
        '- 无明显风险，按计划推进。',
        '',
        '## 下期计划',
        '- 跟进上述事项的收尾与复盘。',
        '',
        DEMO_NOTE,
      ),
  },
];
