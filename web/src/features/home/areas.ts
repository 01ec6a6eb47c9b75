import type { ComponentType } from 'react';
import {
  AudioOutlined,
  BulbOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  FilePptOutlined,
  FileTextOutlined,
  MessageOutlined,
  PictureOutlined,
  RobotOutlined,
  SearchOutlined,
  TranslationOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';

/** A card of the home page: one main area of the product and the route it opens. */
export interface HomeArea {
  key: string;
  title: string;
  desc: string;
  to: string;
  icon: ComponentType;
  /** Two stops of the icon tile's gradient. */
  tint: [string, string];
  tag?: string;
}

export const HOME_AREAS: readonly HomeArea[] = [
  {
    key: 'chat',
    title: 'AI对话',
    desc: '60+ 大模型随心切换，深度思考一问到底',
    to: '/chat?type=index',
    icon: MessageOutlined,
    tint: ['#5b5bf6', '#8b5cf6'],
    tag: '热门',
  },
  {
    key: 'battle',
    title: '多模型对比',
    desc: '同一个问题，多个模型同时作答',
    to: '/chat?type=AllModelAttack',
    icon: ThunderboltOutlined,
    tint: ['#f97316', '#fb7185'],
  },
  {
    key: 'search',
    title: 'AI搜索',
    desc: '联网检索全网信息，答案附带来源',
    to: '/aiSearch/index',
    icon: SearchOutlined,
    tint: ['#0ea5e9', '#6366f1'],
  },
  {
    key: 'agents',
    title: '智能体',
    desc: '数据分析、思维导图、论文助手即开即用',
    to: '/aiAgent',
    icon: RobotOutlined,
    tint: ['#10b981', '#14b8a6'],
  },
  {
    key: 'draw',
    title: 'AI绘画',
    desc: '一句话生成海报、头像与插画',
    to: '/draw/text2image',
    icon: PictureOutlined,
    tint: ['#ec4899', '#a855f7'],
  },
  {
    key: 'ppt',
    title: 'AI PPT',
    desc: '输入主题，一键生成完整演示文稿',
    to: '/AiFile/ppt',
    icon: FilePptOutlined,
    tint: ['#f59e0b', '#ef4444'],
  },
  {
    key: 'doc',
    title: '文档对话',
    desc: '上传 PDF、Word，读懂长文只需几秒',
    to: '/chat?type=doc',
    icon: FileTextOutlined,
    tint: ['#3b82f6', '#06b6d4'],
  },
  {
    key: 'writing',
    title: 'AI写作',
    desc: '论文、公文、周报，多种文体一键成稿',
    to: '/doc/AiWriting',
    icon: EditOutlined,
    tint: ['#8b5cf6', '#d946ef'],
  },
  {
    key: 'translate',
    title: 'AI翻译',
    desc: '文档、图片、文言文，地道又准确',
    to: '/AITranslate/index',
    icon: TranslationOutlined,
    tint: ['#06b6d4', '#22c55e'],
  },
  {
    key: 'music',
    title: 'AI音乐',
    desc: '写词作曲、伴奏生成、音轨分离',
    to: '/AIMusic',
    icon: CustomerServiceOutlined,
    tint: ['#6366f1', '#ec4899'],
  },
  { key: 'voice', title: 'AI语音', desc: '语音合成与声音克隆', to: '/AiVioce/index', icon: AudioOutlined, tint: ['#14b8a6', '#3b82f6'] },
  {
    key: 'mind',
    title: '思维导图',
    desc: '文档、音视频一键变导图',
    to: '/AiFile/mapping',
    icon: BulbOutlined,
    tint: ['#eab308', '#f97316'],
  },
];

/** Quick starts under the hero input. */
export const QUICK_STARTS: readonly { label: string; to: string }[] = [
  { label: 'DeepSeek-V3', to: '/chat?type=deepseek-v3' },
  { label: '多模型对比', to: '/chat?type=AllModelAttack' },
  { label: 'AI搜索', to: '/aiSearch/index' },
  { label: '一键生成PPT', to: '/AiFile/ppt' },
  { label: 'AI绘画', to: '/draw/text2image' },
];
