import { useMemo } from 'react';
import { Link } from 'react-router';
import { TOOLS, VIDEO_HUB_ID, VIDEO_IMAGE_ID, VIDEO_TEXT_ID } from '@wanxiang/contract';
import { InfoLayout } from '../info/InfoLayout';
import { ToolGrid } from '../registry/ToolGrid';
import registry from '../registry/registry.module.css';
import styles from './video-hub.module.css';

/**
 * /video, /video/idea, /AICreateVideo, /AiVideo/index (AI视频): the two creation tools as large
 * cards first (what most visitors came for), then every other video tool of the registry.
 */
export default function VideoHubPage({ title }: { title?: string }) {
  const { creators, others } = useMemo(() => {
    const video = TOOLS.filter((t) => t.group === 'video' && t.id !== VIDEO_HUB_ID);
    const ids: string[] = [VIDEO_TEXT_ID, VIDEO_IMAGE_ID];
    return { creators: ids.map((id) => video.find((t) => t.id === id)!).filter(Boolean), others: video.filter((t) => !ids.includes(t.id)) };
  }, []);
  return (
    <InfoLayout title={title ?? 'AI视频'} lead="一句话或一张图片生成视频，生成的视频带有“AI生成”标识">
      <div className={styles.creators} data-testid="video-hub-creators">
        {creators.map((t) => (
          <Link key={t.id} to={t.paths[0]!} className={styles.creator} data-testid={`video-hub-${t.id}`}>
            <span className={styles.creatorIcon} aria-hidden>
              {t.icon}
            </span>
            <span className={styles.creatorTitle}>{t.title}</span>
            <span className={styles.creatorDesc}>{t.description}</span>
            <span className={styles.creatorGo}>开始创作 →</span>
          </Link>
        ))}
      </div>
      <section className={registry.panel} data-testid="video-hub-tools">
        <h2 className={registry.panelTitle}>更多视频工具</h2>
        <ToolGrid
          items={others.map((t) => ({
            id: t.id,
            title: t.title,
            description: t.description,
            icon: t.icon,
            path: t.paths[0]!,
            kind: t.kind,
          }))}
        />
      </section>
    </InfoLayout>
  );
}
