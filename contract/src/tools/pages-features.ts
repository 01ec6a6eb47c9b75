import { page } from './page-entry';
import type { ToolSpec } from './spec';

/** Chat, search, agents, custom models, mind map, slides and the photo editor: the bespoke feature pages (kind 'page'). */
export const FEATURE_PAGES: readonly ToolSpec[] = [
  page({ id: 'chat', paths: ['/chat', '/msg'], title: 'AI对话', description: '与 DeepSeek、GLM、Kimi、通义千问等多家模型对话，支持多模型同屏对比。', group: 'chat', icon: '💬', scenarios: ['office', 'study', 'life'], keywords: ['聊天', '对话', '问答', 'chat', 'deepseek'] }),
  page({ id: 'searchHub', paths: ['/aiSearch/index'], title: 'AI搜索', description: '联网搜索、学术搜索、网盘与找文件，回答带引用来源。', group: 'search', icon: '🔍', scenarios: ['study', 'office', 'life'], keywords: ['搜索', '联网'] }),
  page({ id: 'searchByHome', paths: ['/aiSearch/searchByhome'], title: 'AI搜索', description: 'AI 搜索的首页入口。', group: 'search', icon: '🔍' }),
  page({ id: 'searchNet', paths: ['/aiSearch/serachnet'], title: '全网搜索', description: '全网检索并由 AI 总结答案。', group: 'search', icon: '🌐', scenarios: ['life', 'office'], keywords: ['搜索', '全网'] }),
  page({ id: 'scholar', paths: ['/aiSearch/science'], title: '学术搜索', description: '检索学术论文，AI 解读、翻译与下载。', group: 'search', icon: '🎓', scenarios: ['study'], keywords: ['论文', '学术', '文献'] }),
  page({ id: 'arxiv', paths: ['/aiSearch/arxiv'], title: 'arXiv论文', description: 'arXiv 论文检索与每日速递。', group: 'search', icon: '📑', scenarios: ['study'], keywords: ['arxiv', '论文'] }),
  page({ id: 'webdisk', paths: ['/aiSearch/webdisk'], title: '网盘搜索', description: '在运营方配置的网盘渠道中搜索资源。', group: 'search', icon: '🗄️', scenarios: ['life'], keywords: ['网盘', '资源'] }),
  page({ id: 'lookForFile', paths: ['/aiSearch/lookforfile'], title: '找文件', description: '由联网模型帮你找到需要的文件。', group: 'search', icon: '📁', scenarios: ['office', 'study'], keywords: ['文件', '资料'] }),
  page({ id: 'lookForWeb', paths: ['/aiSearch/lookforweb'], title: '找网站', description: '智能体搜索并整理相关网站。', group: 'search', icon: '🧭', scenarios: ['life'], keywords: ['网站', '导航'] }),
  page({ id: 'searchResults', paths: ['/aiSearch/searchBypage'], title: '搜索结果', description: 'AI 搜索的统一结果页。', group: 'search', icon: '🔎' }),
  page({ id: 'overSearch', paths: ['/OverSearch'], title: '聚合搜索', description: '一次搜索多个来源。', group: 'search', icon: '🔎' }),
  page({ id: 'agents', paths: ['/aiAgent'], title: '智能体', description: '系统智能体与用户创建的智能体，一键开聊。', group: 'agents', icon: '🤖', scenarios: ['office', 'life', 'create'], keywords: ['智能体', 'agent', '助手'] }),
  page({ id: 'myAgents', paths: ['/customAgent/index'], title: '我的智能体', description: '我创建和收藏的智能体。', group: 'agents', icon: '🧩', scenarios: ['create'] }),
  page({ id: 'agentCreate', paths: ['/customAgent/create'], title: '创建智能体', description: '用模型、提示词与工具创建自己的智能体。', group: 'agents', icon: '🛠️' }),
  page({ id: 'agentDetail', paths: ['/customAgent/systemAgentDetail', '/customDetail/index'], title: '智能体详情', description: '智能体的介绍与对话入口。', group: 'agents', icon: '🤖' }),
  page({ id: 'myModels', paths: ['/moxing/myModel'], title: '我的模型', description: '接入自己的 OpenAI 兼容服务商与模型。', group: 'models', icon: '🧠', loginRequired: true, scenarios: ['create'], keywords: ['自定义模型', 'API'] }),
  page({ id: 'modelTrade', paths: ['/moxing/trade'], title: '模型交易', description: '模型广场：浏览、点赞与评论共享的模型。', group: 'models', icon: '🏪', loginRequired: true }),
  page({ id: 'modelShare', paths: ['/moxing/share'], title: '模型分享', description: '把自己的模型分享到模型广场。', group: 'models', icon: '🔗', loginRequired: true }),
  page({ id: 'mindMap', paths: ['/FullMindPage'], title: '思维导图', description: '把回答或文字整理成可缩放、可下载的思维导图。', group: 'mindmap', icon: '🗺️', scenarios: ['office', 'study'], keywords: ['导图', '脑图', 'markmap'] }),
  page({ id: 'slides', paths: ['/aippt', '/newAiPPt/index'], title: 'AI PPT', description: '一句话生成大纲，选模板生成可下载的 PPT。', group: 'ppt', icon: '📽️', scenarios: ['office', 'study'], keywords: ['PPT', '幻灯片', '演示文稿'] }),
  page({ id: 'slidesTemplate', paths: ['/newAiPPt/template'], title: 'PPT模板', description: '选择 PPT 模板。', group: 'ppt', icon: '🎨' }),
  page({ id: 'slidesOutline', paths: ['/newAiPPt/outline'], title: 'PPT大纲', description: '编辑 PPT 大纲。', group: 'ppt', icon: '📝' }),
  page({ id: 'slidesDownload', paths: ['/newAiPPt/download'], title: 'PPT下载', description: '预览并下载生成的 PPT。', group: 'ppt', icon: '⬇️' }),
  page({ id: 'onlineHandlerImage', paths: ['/draw/onlineHandlerImage'], title: '在线修图', description: '在浏览器里裁剪、旋转翻转、调色加滤镜、添加文字，可撤销重做，下载 PNG 或 JPEG。', group: 'draw', icon: '✂️', scenarios: ['image', 'life'], keywords: ['修图', '图片编辑', '裁剪', '旋转', '翻转', '滤镜', '加文字'] }),
  page({ id: 'whiteboard', paths: ['/whiteboard'], title: 'AI白板', description: '在线白板自由绘图，一句话生成流程图、时序图或思维导图，按账号自动保存，导出 PNG 或 SVG。', group: 'design', icon: '🖍️', scenarios: ['office', 'study'], keywords: ['白板', '画板', '流程图', '思维导图', '时序图', 'excalidraw', 'mermaid'] }),
  page({ id: 'picture', paths: ['/picture'], title: 'AI图片', description: '作品广场：看大家发布的 AI 画作，点赞、做同款；我的作品：按工具和日期查看、下载、发布与删除自己的作品。', group: 'photo', icon: '🖼️', scenarios: ['image', 'create'], keywords: ['作品广场', '绘画广场', '我的作品', 'AI图片', '画廊'] }),
  page({ id: 'aigcCheck', paths: ['/aigc/drapAigc'], title: 'AIGC检测', description: '粘贴或上传论文，逐段估计 AI 生成概率，彩色报告可下载 PDF；高风险段落一键降AI率改写并重新检测。', group: 'aigc', icon: '🧪', scenarios: ['study', 'office'], keywords: ['AIGC检测', '降AI率', '降AIGC率', 'AI率', '论文'] }),
  page({ id: 'aigcSimilarity', paths: ['/aigc/articlePlagiarismChecking'], title: '论文查重', description: '与联网搜索结果和我的文档比对，标出重合的句子并给出来源链接；结果为估计值。', group: 'aigc', icon: '🔁', scenarios: ['study'], keywords: ['查重', '相似度', '论文查重', '重复率'] }),
];

/** The views of the registry and the catalog (web/src/features/registry). */
export const VIEW_PAGES: readonly ToolSpec[] = [
  page({ id: 'deepseek', paths: ['/deepseek'], title: 'DeepSeek全家桶', description: '全部 DeepSeek 模型与可用 DeepSeek 的工具。', group: 'models', icon: '🐋', keywords: ['deepseek', '深度求索', 'r1', 'v3'] }),
  page({ id: 'stage', paths: ['/stage'], title: 'AI场景', description: '按办公、学习、生活、创作等场景浏览工具。', group: 'info', icon: '🎬', keywords: ['场景'] }),
  page({ id: 'functionAll', paths: ['/function/all'], title: '全部功能', description: '万象 AI 的全部功能，按类别排列。', group: 'info', icon: '🧰', keywords: ['功能', '工具'] }),
  page({ id: 'functionImage', paths: ['/function/image'], title: '图像工具', description: '绘画、写真、设计与图表工具。', group: 'info', icon: '🖼️' }),
  page({ id: 'functionOffice', paths: ['/function/office'], title: '办公工具', description: '写作、文档、PPT 与办公相关的工具。', group: 'info', icon: '💼' }),
  page({ id: 'functionStudy', paths: ['/function/study'], title: '学习工具', description: '学术搜索、论文与学习相关的工具。', group: 'info', icon: '📚' }),
  page({ id: 'aiApply', paths: ['/AIApply'], title: 'AI应用', description: '填一张小表单就能用的 AI 应用。', group: 'generate', icon: '🧪', keywords: ['应用', '生成器'] }),
  page({ id: 'aiApplyDetail', paths: ['/AIApplyDetail'], title: '应用详情', description: '一个 AI 应用的说明与示例。', group: 'generate', icon: '🧪' }),
  page({ id: 'productPage', paths: ['/productPage'], title: '产品介绍', description: '万象 AI 能做什么。', group: 'info', icon: '🌟', keywords: ['介绍'] }),
  page({ id: 'modelDetail', paths: ['/modelDetail'], title: '模型详情', description: '一个模型的介绍、标签与今日次数。', group: 'models', icon: '🧠' }),
  page({ id: 'board', paths: ['/board'], title: '数据看板', description: '今日各功能的剩余次数与积分余额。', group: 'account', icon: '📈', keywords: ['次数', '用量', '看板'] }),
  page({ id: 'result', paths: ['/result'], title: '生成结果', description: '支付或任务的结果。', group: 'info', icon: '✅' }),
  page({ id: 'supportTest', paths: ['/test'], title: '测试', description: '检测浏览器、网络与账号状态，生成可复制的报告。', group: 'info', icon: '🩺', keywords: ['检测', '网络', '故障'] }),
  page({ id: 'modelOffice', paths: ['/moxing/office'], title: '模型办公', description: '办公类工具与适合办公的对话模型。', group: 'models', icon: '🗂️', loginRequired: true, scenarios: ['office'], keywords: ['办公'] }),
  page({ id: 'modelDescribe', paths: ['/console/model/describe'], title: '模型说明', description: '自定义模型的工作方式与我的模型名额。', group: 'models', icon: '📘', loginRequired: true }),
];
