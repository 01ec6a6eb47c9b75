import type { ToolGroup, ToolScenario } from '@wanxiang/contract';

/** Our own texts of the registry view pages (not spec messages). */

export const GROUP_LABELS: Record<ToolGroup, string> = {
  chat: 'AI对话',
  search: 'AI搜索',
  agents: '智能体',
  generate: 'AI生成',
  writing: 'AI写作',
  thesis: 'AI论文',
  aigc: 'AIGC检测',
  translate: 'AI翻译',
  doc: '文档工具',
  ppt: 'AI PPT',
  mindmap: '思维导图',
  draw: 'AI绘画',
  photo: 'AI写真',
  design: 'AI设计',
  chart: '图表与数据',
  video: 'AI视频',
  music: 'AI音乐',
  voice: 'AI语音',
  models: '模型',
  account: '账号',
  info: '信息',
};

/** The emoji a pending route shows (its tool has no entry yet, so no icon of its own). */
export const GROUP_ICONS: Record<ToolGroup, string> = {
  chat: '💬',
  search: '🔍',
  agents: '🤖',
  generate: '✨',
  writing: '✍️',
  thesis: '🎓',
  aigc: '🧪',
  translate: '🌐',
  doc: '📄',
  ppt: '📽️',
  mindmap: '🗺️',
  draw: '🎨',
  photo: '📷',
  design: '🖌️',
  chart: '📊',
  video: '🎬',
  music: '🎵',
  voice: '🎙️',
  models: '🧠',
  account: '👤',
  info: 'ℹ️',
};

export const SCENARIO_LABELS: Record<ToolScenario, string> = {
  office: '办公',
  study: '学习',
  life: '生活',
  create: '创作',
  image: '图像',
  media: '音视频',
};

export const T = {
  searchPlaceholder: '搜索功能，例如：写作、翻译、PPT',
  comingSoon: '即将上线',
  empty: '没有找到相关功能',
  open: '立即使用',
  startChat: '开始对话',
  detail: '查看详情',
  all: '全部',
  countOf: (n: number) => `${n} 个功能`,
  builtOf: (built: number, pending: number) => (!pending ? `${built} 个已上线` : built ? `${built} 个已上线 · ${pending} 个即将上线` : `${pending} 个即将上线`),
  loadFailed: '加载失败，请稍后重试',
  retry: '重试',
  needLogin: '登录后查看',
  login: '去登录',
} as const;
