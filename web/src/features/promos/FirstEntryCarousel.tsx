import { Button, Carousel, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { MSG, PROMO_LIMITS, STORAGE_KEYS_SHELL } from '@wanxiang/contract';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useDialogs } from '../../stores/dialogs';
import { readLocal, writeLocal } from './storage';
import { usePromoSuppressed } from './suppression';
import { useTurn } from './turn';
import styles from './promos.module.css';

const SLIDE_IMAGES = ['/promos/p7-app.svg', '/promos/p7-guide-chat.svg', '/promos/p7-guide-write.svg'];

/**
 * First-entry app-download carousel (mobile only, docs/product/promos.md §4): localStorage isFirst unset opens it
 * after 1 s; closing (or 立即下载, which opens the download dialog) sets isFirst.
 */
export function FirstEntryCarousel() {
  const suppressed = usePromoSuppressed(true, 'first_entry');
  const isMobile = useIsMobile();
  const openDialog = useDialogs((s) => s.open);
  const [want, setWant] = useState(false);
  const eligible = isMobile && !suppressed;

  useEffect(() => {
    if (!eligible || readLocal(STORAGE_KEYS_SHELL.isFirst)) return;
    const t = setTimeout(() => setWant(true), PROMO_LIMITS.firstEntryDelayMs);
    return () => clearTimeout(t);
  }, [eligible]);

  const open = useTurn('firstEntry', want && eligible);
  const close = () => {
    writeLocal(STORAGE_KEYS_SHELL.isFirst, '1');
    setWant(false);
  };

  return (
    <Modal
      open={open}
      centered
      width={340}
      onCancel={close}
      destroyOnHidden
      footer={
        <Button
          type="primary"
          block
          onClick={() => {
            close();
            openDialog('download');
          }}
        >
          {MSG.promoFirstEntryGo}
        </Button>
      }
    >
      <div data-testid="first-entry">
        <Carousel autoplay autoplaySpeed={PROMO_LIMITS.carouselAutoplayMs}>
          {MSG.promoFirstEntrySlides.map((s, i) => (
            <div key={s.title} className={styles.slide}>
              <img className={styles.image} src={SLIDE_IMAGES[i % SLIDE_IMAGES.length]} alt={s.title} />
              <p className={styles.slideTitle}>{s.title}</p>
              <p className={styles.slideSub}>{s.subtitle}</p>
            </div>
          ))}
        </Carousel>
      </div>
    </Modal>
  );
}
