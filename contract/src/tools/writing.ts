import { lengthField, mainText, promptTool, select, toneField } from './form';
import type { ToolSpec } from './spec';

/** /AiWriter/*: the writing tools (prompt tools); every one lets the user pick the answering model. */
const WRITING: Pick<ToolSpec, 'group' | 'quotaKey' | 'modelSwitch'> = { group: 'writing', quotaKey: 'tool_writing', modelSwitch: true };

export const WRITING_TOOLS: readonly ToolSpec[] = [
  promptTool({
    ...WRITING,
    id: 'AiWritingAssistant',
    path: '/AiWriter/AiWritingAssistant',
    title: '写作助手',
    description: '续写、润色、扩写、缩写和纠错，帮你把手头的文字改得更好。',
    icon: '✒️',
    fields: [
      mainText('原文或写作需求', '粘贴要处理的文字，或写下你的需求', 5000),
      select('task', '要做什么', ['润色改写', '续写', '扩写', '缩写', '纠错', '翻译成英文']),
      toneField(),
    ],
    examples: [
      { label: '润色一段话', inputs: { text: '这个产品很好用，功能很多，价格也不贵，推荐大家买。', task: '润色改写', tone: '生动活泼' } },
      { label: '续写开头', inputs: { text: '雨下了整整一夜，清晨推开窗，巷子口多了一把没人认领的红伞。', task: '续写' } },
    ],
    scenarios: ['office', 'create'],
    keywords: ['润色', '改写', '续写', '扩写', '纠错'],
  }),
  promptTool({
    ...WRITING,
    id: 'AiKeywordImpove',
    path: '/AiWriter/AiKeywordImpove',
    title: '关键词优化',
    description: '为文章、商品标题或笔记挑选和布局关键词，提升搜索曝光。',
    icon: '🔑',
    fields: [
      mainText('原文或主题', '粘贴原文，或写下主题', 5000),
      { name: 'keywords', type: 'text', label: '目标关键词', max: 200, placeholder: '多个关键词用逗号分隔（可不填）' },
      select('platform', '用于', ['网站SEO', '电商标题', '小红书笔记', '公众号文章', '短视频']),
    ],
    examples: [
      { label: '电商标题', inputs: { text: '女士羊毛围巾 秋冬 保暖 纯色', keywords: '羊毛围巾,送礼', platform: '电商标题' } },
      { label: '博客SEO', inputs: { text: '一篇介绍家庭咖啡手冲入门的文章：器具、豆子、研磨度和水温。', platform: '网站SEO' } },
    ],
    scenarios: ['office', 'create'],
    keywords: ['SEO', '关键词', '搜索优化', '标题优化'],
  }),
  promptTool({
    ...WRITING,
    id: 'AiTitleCreate',
    path: '/AiWriter/AiTitleCreate',
    title: '标题生成',
    description: '根据内容为不同平台生成一组吸引人的标题，并说明各自的亮点。',
    icon: '🏷️',
    fields: [
      mainText('内容或主题', '粘贴正文，或一句话说明主题', 3000),
      select('platform', '平台', ['公众号', '小红书', '抖音', '知乎', '新闻', '论文', '电商']),
      select('style', '风格', ['吸引眼球', '专业稳重', '制造悬念', '数字清单', '情感共鸣']),
      { name: 'count', type: 'number', label: '标题数量', min: 1, max: 20, default: 10 },
    ],
    examples: [
      { label: '公众号文章', inputs: { text: '一篇讲年轻人如何开始理财的文章：记账、应急金、指数基金定投', platform: '公众号', style: '数字清单', count: 8 } },
      { label: '小红书笔记', inputs: { text: '周末在家做的低卡便当，一周不重样', platform: '小红书', style: '吸引眼球' } },
    ],
    scenarios: ['office', 'create', 'media'],
    keywords: ['标题', '起标题', '爆款标题', '取标题'],
  }),
  promptTool({
    ...WRITING,
    id: 'AiSimilarityCheck',
    path: '/AiWriter/AiSimilarityCheck',
    title: '相似度检测',
    description: '比较两段文字：给出系统计算的重合度，指出相似段落并提出改写建议。',
    icon: '🔍',
    fields: [
      mainText('文本一', '粘贴第一段文字', 5000),
      { name: 'text2', type: 'textarea', label: '文本二', required: true, max: 5000, placeholder: '粘贴要对比的第二段文字' },
    ],
    examples: [
      {
        label: '两段介绍',
        inputs: {
          text: '人工智能是研究如何让计算机模拟人类智能的科学，包括机器学习、自然语言处理和计算机视觉等方向。',
          text2: '人工智能是一门研究让计算机模拟人的智能的学科，主要方向有机器学习、自然语言处理、计算机视觉等。',
        },
      },
      { label: '不同主题', inputs: { text: '今天天气晴朗，适合去公园散步。', text2: '季度报表显示营收同比增长了百分之十二。' } },
    ],
    scenarios: ['office', 'study'],
    keywords: ['查重', '相似度', '对比', '重复率'],
  }),
  promptTool({
    ...WRITING,
    id: 'AiInspirationWhrite',
    path: '/AiWriter/AiInspirationWhrite',
    title: '灵感写作',
    description: '给几个关键词或一个念头，写成散文、诗歌、故事或文案。',
    icon: '💡',
    fields: [
      mainText('灵感或关键词', '例如：末班地铁、耳机、没说出口的话', 1000),
      select('genre', '体裁', ['散文', '现代诗', '微小说', '故事', '文案', '歌词']),
      lengthField('约300字'),
    ],
    examples: [
      { label: '末班地铁', inputs: { text: '末班地铁、耳机、没说出口的话', genre: '微小说' } },
      { label: '故乡的秋', inputs: { text: '故乡、桂花、外婆的竹椅', genre: '散文', length: '约800字' } },
      { label: '写首诗', inputs: { text: '凌晨四点的城市', genre: '现代诗' } },
    ],
    scenarios: ['create'],
    keywords: ['灵感', '创作', '写诗', '小说', '散文'],
  }),
  promptTool({
    ...WRITING,
    id: 'AiWriterOffcial',
    path: '/AiWriter/AiWriterOffcial',
    title: '公文写作',
    description: '按党政机关公文格式，写通知、请示、报告、函、纪要等常用公文。',
    icon: '🏛️',
    fields: [
      mainText('事由与要点', '例如：国庆节放假安排，10月1日至7日放假，值班人员名单另行通知', 3000),
      select('docType', '文种', ['通知', '通报', '请示', '报告', '函', '纪要', '决定', '意见', '批复', '公告']),
      { name: 'issuer', type: 'text', label: '发文单位', max: 50, placeholder: '例如：XX市教育局办公室（可不填）' },
      { name: 'recipient', type: 'text', label: '主送单位', max: 50, placeholder: '例如：各处室、各直属单位（可不填）' },
    ],
    examples: [
      { label: '放假通知', inputs: { text: '国庆节放假安排：10月1日至7日放假，9月28日、10月11日上班；做好值班和安全检查', docType: '通知', issuer: '公司行政部', recipient: '全体员工' } },
      { label: '经费请示', inputs: { text: '申请追加职工培训经费5万元，用于新员工岗前培训和安全生产培训', docType: '请示', recipient: '集团公司' } },
      { label: '会议纪要', inputs: { text: '11月20日安全生产专题会：通报三季度检查情况，部署冬季防火，明确各部门责任人', docType: '纪要' } },
    ],
    scenarios: ['office'],
    keywords: ['公文', '通知', '请示', '报告', '函', '纪要'],
  }),
  promptTool({
    ...WRITING,
    id: 'AICustomerWrite',
    path: '/AiWriter/AICustomerWrite',
    title: '自定义写作',
    description: '自由描述写作要求，可附参考资料，按你的规则生成内容。',
    icon: '🛠️',
    fields: [
      mainText('写作要求', '写清楚写什么、给谁看、有什么要求', 3000),
      { name: 'reference', type: 'textarea', label: '参考资料', max: 5000, placeholder: '可粘贴需要参考或引用的资料（可不填）' },
      lengthField(),
      toneField(),
    ],
    examples: [
      { label: '产品介绍', inputs: { text: '为一款面向老年人的大字版手机写一篇产品介绍，突出简单易用和一键呼救', length: '约800字', tone: '温暖感人' } },
      { label: '招聘启事', inputs: { text: '写一则前端工程师招聘启事，公司在深圳，双休，远程友好', reference: '要求：3年以上React经验，熟悉TypeScript', tone: '简洁有力' } },
    ],
    scenarios: ['office', 'create'],
    keywords: ['自定义', '写作', '按要求写'],
  }),
  promptTool({
    ...WRITING,
    id: 'AiWriterLntelligent',
    path: '/AiWriter/AiWriterLntelligent',
    title: '智能写作',
    description: '输入主题，一键写出文章、演讲稿、读后感、心得体会等常用文体。',
    icon: '🧠',
    fields: [
      mainText('写作主题', '例如：我眼中的家乡变化', 1000),
      select('genre', '文体', ['文章', '演讲稿', '读后感', '心得体会', '工作总结', '邮件', '自我介绍', '宣传文案']),
      lengthField(),
      toneField(),
    ],
    examples: [
      { label: '演讲稿', inputs: { text: '青春与奋斗', genre: '演讲稿', length: '约800字', tone: '生动活泼' } },
      { label: '读后感', inputs: { text: '《活着》读后感', genre: '读后感' } },
      { label: '自我介绍', inputs: { text: '应届生面试自我介绍，计算机专业，做过两个项目', genre: '自我介绍', length: '约300字' } },
    ],
    scenarios: ['office', 'study', 'create'],
    keywords: ['写作', '作文', '演讲稿', '读后感', '心得'],
  }),
];
