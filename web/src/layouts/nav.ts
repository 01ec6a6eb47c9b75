/** A link of the header or the sidebar; data, so the menus never hard-code a page. */
export interface NavItem {
  key: string;
  label: string;
  to: string;
  /** A small badge beside the label (docs/product/shell-and-navigation.md §2: 全家桶 on /deepseek). */
  badge?: string;
  /** Red-dot key: the dot shows until the item is first clicked. */
  dotKey?: string;
}

/** Top navigation of docs/product/shell-and-navigation.md §2. */
export const TOP_NAV: readonly NavItem[] = [
  { key: 'home', label: '首页', to: '/' },
  { key: 'deepseek', label: 'DeepSeek', to: '/deepseek', badge: '全家桶', dotKey: 'nav:deepseek:1' },
  { key: 'stage', label: 'AI场景', to: '/stage?index=0' },
  { key: 'whiteboard', label: 'AI白板', to: '/whiteboard' },
  { key: 'pdf', label: 'PDF工具', to: '/PdfTools' },
  { key: 'equity', label: '全部权益', to: '/equity?type=chat' },
];

/** A tab of the mobile header menu (docs/product/shell-and-navigation.md §2). */
export interface MobileTab extends NavItem {
  /** Shows a small 'new' badge. */
  isNew?: boolean;
}

/** The mobile header menu, in the spec's order, each opening its page. */
export const MOBILE_TABS: readonly MobileTab[] = [
  { key: 'download', label: '客户端下载', to: '/download' },
  { key: 'home', label: '首页', to: '/' },
  { key: 'chat', label: 'AI对话', to: '/chat?type=index' },
  { key: 'agents', label: '智能体', to: '/aiAgent', isNew: true },
  { key: 'analysis', label: '数据分析', to: '/aiDesign/aiDataAnalysis', isNew: true },
  { key: 'apps', label: 'AI应用', to: '/AIApply', isNew: true },
  { key: 'draw', label: 'AI绘画', to: '/draw' },
  { key: 'functions', label: '功能', to: '/function/all' },
  { key: 'models', label: '模型', to: '/modelDetail' },
  { key: 'docs', label: '文档', to: '/AiFile/DocChatPage' },
  { key: 'voice', label: '语音', to: '/AiVioce/index' },
  { key: 'translate', label: '翻译', to: '/AITranslate/index' },
  { key: 'writing', label: '写作', to: '/AiWriter/AiWritingAssistant' },
  { key: 'video', label: '视频处理', to: '/video' },
  { key: 'aigc-check', label: 'AIGC检测', to: '/aigc/drapAigc' },
  { key: 'aigc-reduce', label: 'AIGC降重', to: '/aigc/articlePlagiarismChecking' },
  { key: 'ai-video', label: 'AI视频', to: '/AiVideo/index' },
  { key: 'music', label: '音乐', to: '/AIMusic' },
  { key: 'thesis', label: '论文', to: '/doc/thesis' },
];

/** Whether a nav link is the current page: same path, and for /chat the chat page (/msg). */
export function isNavActive(to: string, pathname: string): boolean {
  const path = to.split('?')[0] ?? to;
  if (path === '/') return pathname === '/';
  if (path === '/chat') return pathname === '/msg' || pathname === '/chat';
  return pathname.toLowerCase() === path.toLowerCase() || pathname.toLowerCase().startsWith(`${path.toLowerCase()}/`);
}
