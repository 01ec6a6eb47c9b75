import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MSG, PROMO_LIMITS } from '@wanxiang/contract';
import { hasPromoCookie, setPromoCookie } from './cookies';
import { usePromoSuppressed } from './suppression';
import { useTurn } from './turn';
import styles from './promos.module.css';

const PAGES = new Set(['/', '/deepseek']);

/** The DeepSeek / multi-model intro (docs/product/promos.md §4): home and /deepseek, after 2 s, once per 7 days (cookie deepSeek_modal). */
export function DeepSeekDialog() {
  const suppressed = usePromoSuppressed(false, 'deepseek_dialog');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [want, setWant] = useState(false);
  const onPage = PAGES.has(pathname);

  useEffect(() => {
    if (suppressed || !onPage || hasPromoCookie('deepSeekModal')) return;
    const t = setTimeout(() => setWant(true), PROMO_LIMITS.deepSeekDelayMs);
    return () => clearTimeout(t);
  }, [suppressed, onPage]);

  const open = useTurn('deepSeek', want && onPage && !suppressed);
  useEffect(() => {
    if (open) setPromoCookie('deepSeekModal');
  }, [open]);

  const close = () => setWant(false);
  return (
    <Modal
      open={open}
      title={MSG.promoDeepSeekTitle}
      centered
      width={480}
      onCancel={close}
      destroyOnHidden
      footer={
        <div className={styles.footer}>
          <Button
            type="primary"
            onClick={() => {
              close();
              navigate('/chat?type=deepseek-v3');
            }}
          >
            {MSG.promoDeepSeekGo}
          </Button>
        </div>
      }
    >
      <div className={styles.body} data-testid="deepseek-dialog">
        <img className={styles.image} src="/promos/p7-deepseek.svg" alt={MSG.promoDeepSeekTitle} />
        <p className={styles.html}>{MSG.promoDeepSeekText}</p>
      </div>
    </Modal>
  );
}
