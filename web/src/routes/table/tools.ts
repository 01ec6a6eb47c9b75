import { family, route, type RouteConfig } from '../types';

/** Agents, design, generators, search and other routes (shell 2.1). */

export const agentRoutes: RouteConfig[] = [
  route('/aiAgent', '智能体', { element: 'agents' }),
  route('/customAgent/index', '我的智能体', { element: 'myAgents' }),
  route('/customAgent/create', '创建智能体', { element: 'agentCreate' }),
  route('/customAgent/systemAgentDetail', '智能体详情', { element: 'agentDetail' }),
  route('/customDetail/index', '智能体详情', { element: 'agentDetail' }),
  route('/AIApply', 'AI应用'),
  route('/AIApplyDetail', '应用详情'),
];

export const designRoutes: RouteConfig[] = [
  ...family('/aiDesign', {
    index: 'AI设计',
    aiicon: 'AI图标',
    aicover: 'AI封面',
    aisign: 'AI签名',
    ailogo: 'AI Logo',
    airedcover: '红包封面',
    aiDataAnalysis: '数据分析',
    aIPosterCreate: 'AI海报',
    classRoom: '设计课堂',
    aiDataWebDesign: '网页设计',
    aiDataCard: '数据卡片',
    aiResume: 'AI简历',
    aiResumeTwo: 'AI简历',
  }),
  route('/aiChart', 'AI图表'),
  route('/aiChart/aicharthistory', '图表记录'),
];

export const generatorRoutes: RouteConfig[] = family('/aiGenerate', {
  bestWishes: '祝福语',
  aiLegalConsultation: '法律咨询',
  aInumerology: '数字解读',
  aIlotto: '幸运数字',
  aiNote: '笔记生成',
  aiMarriage: '姻缘测试',
  aiNaming: 'AI起名',
  aiAuspicious: '吉日查询',
  aiConstellation: '星座运势',
  aiHand: '手相分析',
  aiDream: '周公解梦',
  aiTarotCard: '塔罗牌',
  aiDivinations: '趣味占卜',
  oneSynthesis: '一键合成',
  aiAssistant: 'AI助理',
  aiCode: 'AI编程',
  aiCloning: 'AI克隆',
  aiDecoration: 'AI装修',
  aiDocument: 'AI文档',
  aiExamination: 'AI出题',
  aiFormula: '公式生成',
  aiImgEffect: '图片特效',
  aiShortVideo: '短视频脚本',
});

export const searchRoutes: RouteConfig[] = [
  route('/aiSearch/index', 'AI搜索', { element: 'searchHub' }),
  route('/aiSearch/searchByhome', 'AI搜索', { element: 'searchLanding' }),
  route('/aiSearch/serachnet', '全网搜索', { element: 'searchLanding' }),
  route('/aiSearch/science', '学术搜索', { element: 'scholar' }),
  route('/aiSearch/arxiv', 'arXiv论文', { element: 'arxiv' }),
  route('/aiSearch/webdisk', '网盘搜索', { element: 'webdisk' }),
  route('/aiSearch/lookforfile', '找文件', { element: 'lookForFile' }),
  route('/aiSearch/lookforweb', '找网站', { element: 'lookForWeb' }),
  route('/aiSearch/searchBypage', '搜索结果', { element: 'searchHub' }),
  route('/OverSearch', '聚合搜索', { element: 'searchHub' }),
];

export const otherRoutes: RouteConfig[] = [
  route('/stage', 'AI场景'),
  route('/deepseek', 'DeepSeek全家桶'),
  route('/board', '数据看板'),
  route('/equity', '全部权益', { element: 'equity' }),
  route('/analysis', '数据分析'),
  route('/recharge', '充值中心', { element: 'vip' }),
  route('/PdfTools', 'PDF工具'),
  route('/whiteboard', 'AI白板'),
  route('/FullMindPage', '思维导图', { element: 'fullMindMap' }),
  route('/helpfor/centre', '帮助中心', { element: 'help' }),
  route('/helpfor/news', '更新日志', { element: 'help' }),
  route('/helpfor/about', '关于我们', { element: 'about' }),
  route('/helpfor/intriguing', '联系客服', { element: 'help' }),
  ...family('/function', { all: '全部功能', image: '图像工具', office: '办公工具', study: '学习工具' }),
];
