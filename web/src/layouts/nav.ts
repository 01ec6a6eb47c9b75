import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  CrownOutlined,
  HomeOutlined,
  MessageOutlined,
  PictureOutlined,
  RobotOutlined,
  SearchOutlined,
} from '@ant-design/icons';

/** A link of the header or the sidebar; data, so the menus never hard-code a page. */
export interface NavItem {
  key: string;
  label: string;
  to: string;
  /** A small badge beside the label (shell 2.2: 全家桶 on /deepseek). */
  badge?: string;
  /** Red-dot key: the dot shows until the item is first clicked. */
  dotKey?: string;
}

export interface SideItem extends NavItem {
  icon: ComponentType;
}

/** Top navigation of shell 2.2. */
export const TOP_NAV: readonly NavItem[] = [
  { key: 'home', label: '首页', to: '/' },
  { key: 'deepseek', label: 'DeepSeek', to: '/deepseek', badge: '全家桶', dotKey: 'nav:deepseek:1' },
  { key: 'stage', label: 'AI场景', to: '/stage?index=0' },
  { key: 'whiteboard', label: 'AI白板', to: '/whiteboard' },
  { key: 'pdf', label: 'PDF工具', to: '/PdfTools' },
  { key: 'equity', label: '全部权益', to: '/equity?type=chat' },
];

/** Main entries of the slim sidebar and the mobile drawer (the full catalogue comes later). */
export const SIDE_NAV: readonly SideItem[] = [
  { key: 'home', label: '首页', to: '/', icon: HomeOutlined },
  { key: 'chat', label: 'AI对话', to: '/chat?type=index', icon: MessageOutlined },
  { key: 'agents', label: '智能体', to: '/aiAgent', icon: RobotOutlined },
  { key: 'draw', label: '绘画', to: '/draw', icon: PictureOutlined },
  { key: 'search', label: '搜索', to: '/aiSearch/index', icon: SearchOutlined },
  { key: 'all', label: '全部功能', to: '/function/all', icon: AppstoreOutlined },
  { key: 'vip', label: '会员中心', to: '/console/vip', icon: CrownOutlined },
];

/** Whether a nav link is the current page: same path, and for /chat the chat page (/msg). */
export function isNavActive(to: string, pathname: string): boolean {
  const path = to.split('?')[0] ?? to;
  if (path === '/') return pathname === '/';
  if (path === '/chat') return pathname === '/msg' || pathname === '/chat';
  return pathname.toLowerCase() === path.toLowerCase() || pathname.toLowerCase().startsWith(`${path.toLowerCase()}/`);
}
