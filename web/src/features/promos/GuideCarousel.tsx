import { Button, Carousel, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG, PROMO_LIMITS, type GuideContent } from '@wanxiang/contract';
import { searchGuide } from '../../api/promos';
import { useIsMobile } from '../../hooks/useIsMobile';
import { readKeywordState } from '../../stores/keywords';
import { hasPromoCookie, setPromoCookie } from './cookies';
import { fromSearchEngine, guideDelay } from './rules';
import { usePromoSuppressed } from './suppression';
import { useTurn } from './turn';
import styles from './promos.module.css';

/** The landing URL's ?search_keyword=, else the one kept in keywords_state. */
function searchKeyword(): string {
  const fromUrl = new URLSearchParams(window.location.search).get('search_keyword');
  return (fromUrl ?? readKeywordState().search_keyword ?? '').trim().slice(0, 50);
}

/**
 * Search-engine guide (docs/product/promos.md §4): on a first visit per day (cookie guide_modal, 1 day) for
 * a visitor from so/bing/baidu or with a search keyword. A keyword matching one of the server's
 * guides opens it after 1 s, otherwise after 2 s. Banners autoplay every 2 s; 立即体验 goes to the
 * server's route.
 */
export function GuideCarousel() {
  const suppressed = usePromoSuppressed(false, 'search_guide');
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [guide, setGuide] = useState<GuideContent | null>(null);
  const [want, setWant] = useState(false);

  // The landing decides (its keyword and referrer, read once); the guide asks as soon as it may show
  // (its switch comes with config/init). Once shown, its cookie keeps it away for the day.
  const [landing] = useState(() => ({ keyword: searchKeyword(), fromEngine: fromSearchEngine(document.referrer) }));
  useEffect(() => {
    if (suppressed || hasPromoCookie('guideModal')) return;
    const { keyword, fromEngine } = landing;
    if (!keyword && !fromEngine) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    searchGuide(keyword).then(
      (g) => {
        const delay = guideDelay({ cookieSet: hasPromoCookie('guideModal'), fromEngine, keyword, matched: g.matched });
        if (!live || delay === null) return;
        setGuide(g);
        timer = setTimeout(() => setWant(true), delay);
      },
      () => {},
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [suppressed, landing]);

  const open = useTurn('guide', want && !suppressed);
  useEffect(() => {
    if (open) setPromoCookie('guideModal');
  }, [open]);
  if (!guide) return null;

  const close = () => setWant(false);
  const tryNow = () => {
    close();
    navigate(guide.route);
  };

  return (
    <Modal
      open={open}
      title={isMobile ? guide.title : guide.pc_title}
      centered
      width={isMobile ? 340 : 560}
      onCancel={close}
      destroyOnHidden
      footer={
        <div className={styles.footer}>
          <Button type="primary" block={isMobile} onClick={tryNow}>
            {MSG.promoTryNow}
          </Button>
        </div>
      }
    >
      <div data-testid="guide-carousel">
        <p className={styles.subtitle}>{isMobile ? guide.subtitle : guide.pc_subtitle}</p>
        <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={PROMO_LIMITS.carouselAutoplayMs}>
          {guide.banners.map((b, i) => (
            <div key={i} className={styles.slide}>
              <img className={styles.image} src={b.url} alt={b.title} />
              <p className={styles.slideTitle}>{b.title}</p>
              <p className={styles.slideSub}>{b.subtitle}</p>
            </div>
          ))}
        </Carousel>
      </div>
    </Modal>
  );
}
