import type { ReactNode } from 'react';
import { App, Button } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { useMindMapBusy, type MindMapGeneration } from '../mindmap/use-mindmap-generate';
import { MapResult } from './MapResult';
import styles from './file-maps.module.css';

/**
 * The frame of the pages that turn a source into a mind map (文档生成导图, 音频生成导图): the hero,
 * the source side (the page's own tabs) with 生成导图, and the map. The button's checks are the same
 * for every source (logged in, no map being drawn here or in another view), so they live here and
 * `onGenerate` only checks and starts its own source.
 */
export function MapWorkspace({
  title,
  desc,
  gen,
  onGenerate,
  generateTestId,
  children,
}: {
  title: string;
  desc: string;
  gen: MindMapGeneration;
  onGenerate: () => Promise<void> | void;
  generateTestId: string;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const loggedIn = useUserStore((s) => Boolean(s.user));
  const otherRunning = useMindMapBusy((s) => s.running);

  const generate = async () => {
    if (!loggedIn) return openLoginDialog();
    if (gen.generating || otherRunning) return void message.warning(MSG.mindmapBusy);
    await onGenerate();
  };

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1>{title}</h1>
        <p>{desc}</p>
      </div>
      <div className={styles.workspace}>
        <div className={styles.side}>
          {children}
          <Button
            type="primary"
            size="large"
            icon={<ThunderboltOutlined />}
            loading={gen.generating}
            onClick={() => void generate()}
            data-testid={generateTestId}
          >
            {MSG.fileSourceGenerateMap}
          </Button>
        </div>
        <MapResult gen={gen} />
      </div>
    </div>
  );
}
