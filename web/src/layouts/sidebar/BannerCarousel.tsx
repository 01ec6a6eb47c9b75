import { Carousel } from 'antd';
import { Link } from 'react-router';
import type { SidebarBanner, SidebarSlide } from '@wanxiang/contract';
import styles from './sidebar.module.css';

type Slide = Pick<SidebarBanner, 'image' | 'title' | 'route' | 'external'> & { key: string };

/**
 * The promo carousel (docs/product/shell-and-navigation.md §2, §9: autoplay 3000 ms by default): images that
 * link to in-app routes, or to an https page in a new tab.
 */
export function BannerCarousel({
  slides,
  intervalMs,
  onNavigate,
  testId = 'sidebar-banners',
  small = false,
}: {
  slides: readonly Slide[];
  intervalMs: number;
  onNavigate?: () => void;
  testId?: string;
  small?: boolean;
}) {
  if (slides.length === 0) return null;
  return (
    <div className={`${styles.banners} ${small ? styles.bannersSmall : ''}`} data-testid={testId}>
      {/* Fade: sliding slides of a fractional width leave a sliver of the next one at the edge. */}
      <Carousel autoplay={slides.length > 1} autoplaySpeed={intervalMs} effect="fade" dots={{ className: styles.bannerDots }}>
        {slides.map((s) => {
          const body = (
            <>
              <img src={s.image} alt={s.title} className={styles.bannerImage} draggable={false} />
              {/* A space in the title marks the line break ('邀请好友 赚取佣金'). */}
              <span className={styles.bannerTitle}>
                {s.title.split(' ').map((line, i) => (
                  <span key={i} className={styles.bannerLine}>
                    {line}
                  </span>
                ))}
              </span>
            </>
          );
          return (
            <div key={s.key}>
              {s.route ? (
                <Link to={s.route} className={styles.banner} onClick={onNavigate} data-testid="sidebar-banner">
                  {body}
                </Link>
              ) : (
                <a href={s.external} target="_blank" rel="noopener noreferrer" className={styles.banner} data-testid="sidebar-banner">
                  {body}
                </a>
              )}
            </div>
          );
        })}
      </Carousel>
    </div>
  );
}

/** A group's own carousel slides, keyed for the carousel. */
export const groupSlides = (slides: readonly SidebarSlide[] | undefined): Slide[] =>
  (slides ?? []).map((s, i) => ({ ...s, key: `${i}-${s.route}` }));
