import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@wanxiang/contract';
import { useIsMobile } from '../../hooks/useIsMobile';
import { hasPromoCookie, setPromoCookie } from './cookies';
import { usePromoSuppressed } from './suppression';
import styles from './promos.module.css';

/** Floating customer-service icon (mobile, docs/product/promos.md §2): opens /helpfor/intriguing; × hides it for 7 days (cookie customer_kefu). */
export function ServiceFloat() {
  const suppressed = usePromoSuppressed(true, 'service_float');
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(() => hasPromoCookie('customerKefu'));
  if (!isMobile || suppressed || dismissed) return null;

  return (
    <div className={styles.serviceFloat} data-testid="service-float">
      <button
        type="button"
        className={styles.serviceBtn}
        aria-label={MSG.promoServiceLabel}
        onClick={() => navigate('/helpfor/intriguing')}
      >
        <img src="/promos/p7-kefu.svg" alt="" />
      </button>
      <button
        type="button"
        className={styles.floatClose}
        aria-label={MSG.promoClose}
        onClick={() => {
          setPromoCookie('customerKefu');
          setDismissed(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
