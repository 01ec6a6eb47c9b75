import { CLASSIFY_MARKER } from '../markers';

/**
 * Demo-upstream answers of the webdisk area: the web_browser tool's site classification (a JSON
 * array by site number, by keyword rules over each site line) and find files (a markdown list of
 * downloadable files derived from the request). Deterministic: the same question, the same answer.
 */

/** The fixed phrase of the find-files system prompt (catalog model lookforfile). */
export const LOOKFORFILE_MARKER = '你是万象 AI 的找文件助手';

const TYPES: { words: RegExp; type: string; classify: string }[] = [
  { words: /工具|在线|转换|编辑|生成|tool/i, type: '工具', classify: '在线工具' },
  { words: /素材|图片|字体|图标|音乐|模板/i, type: '资源', classify: '素材资源' },
  { words: /教程|学习|课程|入门|文档|docs?/i, type: '教程', classify: '学习教育' },
  { words: /社区|论坛|问答|讨论/i, type: '社区', classify: '交流社区' },
  { words: /新闻|资讯|动态|news/i, type: '资讯', classify: '新闻资讯' },
];

function classifyAnswer(question: string): string {
  const keyword = /与“(.+?)”相关的网站/.exec(question)?.[1] ?? '';
  const sites = [...question.matchAll(/^(\d+)\. (.*)$/gm)];
  return JSON.stringify(
    sites.map(([, n, line]) => {
      const rule = TYPES.find((r) => r.words.test(`${keyword} ${line}`));
      const tags = [keyword, rule?.classify].filter((t): t is string => Boolean(t)).slice(0, 2);
      return { i: Number(n), type: rule?.type ?? '网站', classify: rule?.classify ?? '综合', tag: tags.length ? tags : ['推荐'] };
    }),
  );
}

const FORMATS: { words: RegExp; ext: string; size: string }[] = [
  { words: /ppt|幻灯|演示/i, ext: 'pptx', size: '12.6 MB' },
  { words: /excel|表格|xlsx?/i, ext: 'xlsx', size: '86 KB' },
  { words: /word|docx?|合同|简历|范本/i, ext: 'docx', size: '45 KB' },
  { words: /epub|电子书/i, ext: 'epub', size: '3.2 MB' },
];

function fileAnswer(question: string): string {
  const topic =
    question
      .replace(/^(请)?(帮我)?(找|查找|搜索)(一份|一本|一个)?/, '')
      .replace(/[。？?！!]+$/, '')
      .trim()
      .slice(0, 40) || '相关资料';
  const f = FORMATS.find((r) => r.words.test(question)) ?? { ext: 'pdf', size: '2.4 MB' };
  const slug = encodeURIComponent(topic);
  const rows = [1, 2, 3].map(
    (i) =>
      `| ${topic}（示例 ${i}） | ${f.ext.toUpperCase()} | ${f.size} | [下载](https://example.com/wanxiang-demo/files/${slug}/${i}.${f.ext}) |`,
  );
  return [
    `根据你的需求「${topic}」，整理了以下可下载的文件（演示数据，未连接真实搜索）：`,
    '',
    '| 文件名 | 格式 | 大小 | 链接 |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    '> 提示：下载前请确认来源可靠，注意版权与文件安全。',
  ].join('\n');
}

export function webdiskAnswer(question: string, system: string): string | undefined {
  if (question.includes(CLASSIFY_MARKER)) return classifyAnswer(question);
  if (system.includes(LOOKFORFILE_MARKER)) return fileAnswer(question);
  return undefined;
}
