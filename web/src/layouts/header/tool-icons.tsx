import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  AudioOutlined,
  BarChartOutlined,
  BgColorsOutlined,
  BulbOutlined,
  CodeOutlined,
  CustomerServiceOutlined,
  EditOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  MessageOutlined,
  PartitionOutlined,
  PictureOutlined,
  ReadOutlined,
  RobotOutlined,
  ScanOutlined,
  SearchOutlined,
  ThunderboltOutlined,
  TranslationOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';

/** Icon names of catalog/site.json to icons; an unknown name shows the generic tool icon. */
const ICONS: Record<string, ComponentType> = {
  chat: MessageOutlined,
  deepseek: ThunderboltOutlined,
  picture: PictureOutlined,
  video: VideoCameraOutlined,
  music: CustomerServiceOutlined,
  sound: AudioOutlined,
  file: FileTextOutlined,
  ppt: FundProjectionScreenOutlined,
  mindmap: PartitionOutlined,
  thesis: ReadOutlined,
  edit: EditOutlined,
  scan: ScanOutlined,
  translate: TranslationOutlined,
  search: SearchOutlined,
  robot: RobotOutlined,
  app: AppstoreOutlined,
  chart: BarChartOutlined,
  design: BgColorsOutlined,
  code: CodeOutlined,
  bulb: BulbOutlined,
};

export function ToolIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
