import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  CameraOutlined,
  EditOutlined,
  EllipsisOutlined,
  ExperimentOutlined,
  FilePptOutlined,
  HomeOutlined,
  MessageOutlined,
  PictureOutlined,
  ReadOutlined,
  RobotOutlined,
  SearchOutlined,
  SoundOutlined,
  ToolOutlined,
  TranslationOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';

/** Icon names sidebar.json may use; an unknown name falls back to a neutral grid icon. */
const ICONS: Record<string, ComponentType> = {
  home: HomeOutlined,
  chat: MessageOutlined,
  banana: ExperimentOutlined,
  agent: RobotOutlined,
  image: PictureOutlined,
  photo: CameraOutlined,
  video: VideoCameraOutlined,
  music: SoundOutlined,
  search: SearchOutlined,
  thesis: ReadOutlined,
  ppt: FilePptOutlined,
  toolbox: ToolOutlined,
  design: BgColorsOutlined,
  writing: EditOutlined,
  translate: TranslationOutlined,
  more: AppstoreOutlined,
  other: EllipsisOutlined,
};

export function SidebarIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
