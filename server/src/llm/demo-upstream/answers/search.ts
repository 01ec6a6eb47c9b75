import { INTENT_MARKER } from '../markers';

/**
 * The demo upstream's answer to the search hub's intent prompt (modules/search/intent.ts): a
 * keyword rule over the user's query, so the unified page picks a sensible category offline.
 */

const RULES: { type: string; words: RegExp; reason: string }[] = [
  { type: 'arxiv', words: /arxiv|预印本/i, reason: '用户想查找 arXiv 预印本论文' },
  { type: 'webdisk', words: /网盘|云盘|资源|下载|百度盘|夸克|阿里盘|种子|电影|电视剧|剧集/i, reason: '用户想查找网盘资源' },
  { type: 'file', words: /文件|文档|pdf|docx?|pptx?|xlsx?|excel|word|模板|报告/i, reason: '用户想查找文档文件' },
  { type: 'website', words: /网站|官网|网址|在线工具|导航|主页|site/i, reason: '用户想查找网站' },
  { type: 'google', words: /论文|文献|期刊|学术|研究|综述|paper|journal/i, reason: '用户想查找学术论文' },
];

export function searchIntentAnswer(question: string): string | undefined {
  if (!question.includes(INTENT_MARKER)) return undefined;
  const query = /用户问题：([\s\S]*)$/.exec(question)?.[1]?.trim() ?? '';
  const rule = RULES.find((r) => r.words.test(query));
  return JSON.stringify(rule ? { source_type: rule.type, reason: rule.reason } : { source_type: 'google', reason: '默认使用学术搜索' });
}
