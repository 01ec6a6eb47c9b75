import { sharedSentences, textSimilarity } from './draws';
import { DEMO_NOTE, md, num, shortText, str, systemPrompt } from './prompt-parts';
import type { PromptToolServer } from './types';

/** Server halves of the writing tools (contract/src/tools/writing.ts); each may be answered by another model. */
const WRITER = 'deepseek-v3';
const LENGTH_NOTE = '篇幅按用户选择的字数（上下浮动 20% 以内）。';

export const WRITING_PROMPTS: readonly PromptToolServer[] = [
  {
    id: 'AiWritingAssistant',
    model: WRITER,
    temperature: 0.6,
    maxChars: 8000,
    system: systemPrompt({
      role: '你是一位中文写作教练兼编辑，帮助用户修改和完善文字。',
      method: ['按用户选择的任务处理原文：润色改写（保留原意，语句更通顺生动）、续写（承接原文的人物、语气和情节）、扩写（补充细节与论据）、缩写（保留核心信息）、纠错（错别字、语病、标点）、翻译成英文（地道自然）；', '语气按用户选择；', '保持原文的事实和立场，不添加原文没有的数据。'],
      structure: ['## 结果：处理后的完整文字；', '## 修改说明：3-5 条，说明主要改动（纠错时用表格：原文 | 修改 | 原因）。'],
    }),
    demo: (v) =>
      md(
        `## 结果（${str(v, 'task', '润色改写')} · ${str(v, 'tone', '自然流畅')}）`,
        `${shortText(v.text, 40)}——经过打磨，这段话的节奏更舒展，重点也更突出：好用的功能、实在的价格，值得一试。`,
        '',
        '## 修改说明',
        '- 合并重复的“很”，改用更具体的描述。',
        '- 调整语序，让结论落在句末，读起来更有力。',
        '',
        DEMO_NOTE,
      ),
  },
  {
    id: 'AiKeywordImpove',
    model: WRITER,
    temperature: 0.5,
    maxChars: 6000,
    system: systemPrompt({
      role: '你是一位搜索优化（SEO）与内容运营专家，熟悉搜索引擎和电商、社交平台的搜索习惯。',
      method: ['分析原文主题和用户给的目标关键词，补充核心词、长尾词和相关词；', '按用途给出布局建议（标题、开头、小标题、正文密度、标签）；', '给出优化后的标题或文本示例，自然通顺，不堆砌关键词。'],
      structure: ['## 关键词建议：表格（关键词 | 类型（核心/长尾/相关） | 建议位置）；', '## 优化后的内容：标题与文本示例；', '## 布局建议：分点说明。'],
      notes: ['不使用虚假、夸大或违反广告法的词（如“最”“第一”“国家级”）；电商标题遵守平台字数限制。'],
    }),
    demo: (v) =>
      md(
        '## 关键词建议',
        '| 关键词 | 类型 | 建议位置 |',
        '| --- | --- | --- |',
        `| ${shortText(str(v, 'keywords') || v.text, 10)} | 核心 | 标题开头 |`,
        '| 入门教程 | 长尾 | 小标题 |',
        '| 选购指南 | 相关 | 正文与标签 |',
        '',
        `## 优化后的内容（${str(v, 'platform', '网站SEO')}）`,
        `- 标题示例：${shortText(v.text, 20)}｜入门教程与选购指南`,
        '',
        '## 布局建议',
        '- 核心词出现在标题前 10 个字内，正文自然出现 2-3 次即可。',
        '',
        DEMO_NOTE,
      ),
  },
  {
    id: 'AiTitleCreate',
    model: WRITER,
    temperature: 0.9,
    maxChars: 4000,
    system: systemPrompt({
      role: '你是一位新媒体标题专家，熟悉各平台的标题风格和字数习惯。',
      method: ['提炼内容的核心卖点和目标读者；', '按所选平台和风格写标题，数量按要求，角度各不相同；', '标题必须与内容相符，不做“标题党”式的夸大或虚假承诺。'],
      structure: ['## 标题：编号列出；', '## 推荐：挑 2-3 个，各用一句话说明亮点。'],
      notes: ['论文标题用学术规范的表述；新闻标题客观准确。'],
    }),
    demo: (v) =>
      md(
        `## 标题（${str(v, 'platform', '公众号')} · ${str(v, 'style', '吸引眼球')}）`,
        ...Array.from({ length: Math.min(num(v, 'count', 10), 5) }, (_, i) => `${i + 1}. ${['3 个步骤，讲透', '普通人也能做到：', '别再走弯路了，', '一篇看懂：', '我花了一年才明白的'][i]}${shortText(v.text, 14)}`),
        '',
        '## 推荐',
        '- **第 1 条**：数字开头，信息明确，适合收藏类内容。',
        '',
        DEMO_NOTE,
      ),
  },
  {
    id: 'AiSimilarityCheck',
    model: WRITER,
    temperature: 0.3,
    maxChars: 5000,
    system: systemPrompt({
      role: '你是一位文本比对与学术写作规范方面的专家。',
      method: ['系统数据给出了两段文字按字符计算的重合度和逐字相同的句子，重合度以系统数据为准，不要自己另算一个数字；', '再从意思层面比较：相同的观点、改写过的相似表达、各自独有的内容；', '针对相似之处给出改写建议，帮助用户用自己的话表达。'],
      structure: ['## 检测结果：重合度（引用系统数据）与一句话结论；', '## 相似内容：表格（文本一 | 文本二 | 相似类型（逐字相同/意思相近））；', '## 差异内容；', '## 改写建议。'],
      notes: ['说明这是两段文字之间的比对，不等同于学校或期刊使用的查重系统的结果。'],
    }),
    facts: (v) => {
      const a = str(v, 'text');
      const b = str(v, 'text2');
      const same = sharedSentences(a, b);
      return [
        { label: '字符重合度（两段文字相邻两字组合的 Dice 系数）', value: `${textSimilarity(a, b)}%` },
        { label: '逐字相同的句子', value: same.length ? same.join('\n') : '无' },
      ];
    },
    demo: (_v, facts) =>
      md(
        '## 检测结果',
        `- 字符重合度：**${facts[0]?.value ?? '0%'}**`,
        `- 结论：${parseFloat(facts[0]?.value ?? '0') >= 50 ? '两段文字高度相似，建议改写。' : '两段文字差异较大。'}`,
        '',
        '## 相似内容',
        '| 文本一 | 文本二 | 相似类型 |',
        '| --- | --- | --- |',
        '| 主题与核心概念 | 主题与核心概念 | 意思相近 |',
        '',
        '## 改写建议',
        '- 调整句子结构，用自己的例子说明同一个观点。',
        '',
        '> 本结果为两段文字之间的比对，不等同于查重系统的检测结果。',
        '',
        DEMO_NOTE,
      ),
  },
  {
    id: 'AiInspirationWhrite',
    model: WRITER,
    temperature: 1.0,
    maxChars: 6000,
    system: systemPrompt({
      role: '你是一位富有想象力的作家，能把零散的灵感写成打动人的作品。',
      method: ['从用户的灵感或关键词中找到情感核心和画面；', '按所选体裁写作：散文重意境，现代诗重意象与节奏，微小说和故事要有起承转合与结尾的余味，文案要有记忆点，歌词分主歌和副歌；', LENGTH_NOTE],
      structure: ['## 标题；', '正文；', '## 创作思路：一两句话。'],
    }),
    demo: (v) =>
      md(
        `## ${shortText(v.text, 12)}`,
        '',
        '夜色落下来的时候，城市像一只慢慢合上的手掌。',
        '她戴上耳机，歌单停在那一首——那句没说出口的话，终于有了旋律。',
        '',
        '## 创作思路',
        `以「${shortText(v.text, 16)}」为意象，用${str(v, 'genre', '散文')}的方式写一个安静的瞬间。`,
        '',
        DEMO_NOTE,
      ),
  },
  {
    id: 'AiWriterOffcial',
    model: WRITER,
    temperature: 0.3,
    maxChars: 6000,
    system: systemPrompt({
      role: '你是一位熟悉《党政机关公文处理工作条例》和 GB/T 9704《党政机关公文格式》的公文写作专家。',
      method: ['按所选文种的规范写作：标题为“发文机关+事由+文种”，主送机关顶格，正文层次序号依次用“一、”“（一）”“1.”“（1）”；', '请示一文一事，结尾用“妥否，请批示”等规范用语；报告不夹带请示事项；函用语平和；纪要用“会议认为”“会议要求”等表述；', '用户未给出的发文字号、日期、联系人等用“【待补充】”标出，不编造。'],
      structure: ['按公文格式依次输出：标题（加粗居中的效果用 ## 标题表示）、主送机关、正文、附件说明（如有）、发文机关署名、成文日期；', '最后用 --- 分隔，附 ## 写作要点：2-3 条该文种的注意事项。'],
      notes: ['语言庄重、准确、简练，不用口语和网络用语。'],
    }),
    demo: (v) => {
      const issuer = str(v, 'issuer', '【发文单位】');
      const docType = str(v, 'docType', '通知');
      return md(
        `## ${issuer}关于${shortText(v.text, 14)}的${docType}`,
        '',
        `${str(v, 'recipient', '【主送单位】')}：`,
        '',
        `\u3000\u3000为做好相关工作，现将有关事项${docType === '请示' ? '请示' : '通知'}如下：`,
        '',
        '　　一、总体要求',
        `\u3000\u3000${shortText(v.text, 40)}。`,
        '',
        '　　二、工作安排',
        '　　（一）各单位要高度重视，明确责任人。',
        '　　（二）按时报送有关材料。',
        '',
        docType === '请示' ? '　　妥否，请批示。' : '　　特此通知。',
        '',
        `${issuer}`,
        '【成文日期】',
        '',
        '---',
        '## 写作要点',
        `- ${docType}应一文一事，标题写全“发文机关+事由+文种”。`,
        '',
        DEMO_NOTE,
      );
    },
  },
  {
    id: 'AICustomerWrite',
    model: WRITER,
    temperature: 0.7,
    maxChars: 8000,
    system: systemPrompt({
      role: '你是一位全能的中文写作者，严格按照用户给出的写作要求完成内容。',
      method: ['逐条理解用户的要求（写什么、给谁看、目的、格式）；', '有参考资料时以资料为准，引用资料中的事实，不添加资料外的数据；', '语气按用户选择；' + LENGTH_NOTE, '写完后自查是否满足每一条要求。'],
      structure: ['# 标题（如适合）；', '正文（按内容需要用 ## 小标题分节）。'],
    }),
    demo: (v) =>
      md(
        `# ${shortText(v.text, 18)}`,
        '',
        '## 开篇',
        '用一个读者熟悉的场景开头，说明这篇内容要解决的问题。',
        '',
        '## 正文',
        `- 按要求展开：${shortText(v.text, 30)}`,
        v.reference ? `- 结合参考资料：${shortText(v.reference, 30)}` : '- 用具体例子支撑每个观点。',
        '',
        '## 结尾',
        '呼应开头，给读者一个清晰的行动指引。',
        '',
        DEMO_NOTE,
      ),
  },
  {
    id: 'AiWriterLntelligent',
    model: WRITER,
    temperature: 0.7,
    maxChars: 8000,
    system: systemPrompt({
      role: '你是一位经验丰富的写作者，熟悉文章、演讲稿、读后感、心得体会、工作总结、邮件、自我介绍和宣传文案等常用文体。',
      method: ['按所选文体的惯例组织结构（如演讲稿有称呼、开场、主体、号召；读后感“引-议-联-结”）；', '观点明确、例子具体，避免空话套话；', '语气按用户选择；' + LENGTH_NOTE],
      structure: ['# 标题；', '正文（文章类用 ## 小标题分节；演讲稿、邮件、自我介绍按其格式）。'],
      notes: ['读后感等涉及具体作品时，不确定的情节不要编造。'],
    }),
    demo: (v) =>
      md(
        `# ${shortText(v.text, 18)}`,
        '',
        `## 一、${str(v, 'genre', '文章')}的开篇`,
        `提起「${shortText(v.text, 16)}」，很多人会想到一个画面，而我想先讲一个小故事。`,
        '',
        '## 二、主体',
        '- 第一层：是什么，为什么重要。',
        '- 第二层：我的经历与思考。',
        '',
        '## 三、结语',
        '道理不在远处，就在每一次认真的选择里。',
        '',
        DEMO_NOTE,
      ),
  },
];
