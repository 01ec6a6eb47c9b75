import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MSG, PROMO_LIMITS } from '@wanxiang/contract';
import { useNewYear } from './new-year-store';
import { afterNewYearClose, newYearRemaining } from './rules';
import { closeForVisit, closedThisVisit, readLocal, writeLocal } from './storage';
import { usePromoSuppressed } from './suppression';
import styles from './promos.module.css';

const CLOSED_KEY = 'p7_new_year_closed';

/**
 * New-year floating ad (docs/product/promos.md §4): while activity/new.year says status 1, a float linking to
 * /console/vip. Closing hides it for the visit and decrements the stored counter (starting at the
 * server's count); at 0 it no longer shows.
 */
export function NewYearFloat() {
  const suppressed = usePromoSuppressed();
  const activity = useNewYear((s) => s.activity);
  const load = useNewYear((s) => s.load);
  const [closed, setClosed] = useState(() => closedThisVisit(CLOSED_KEY));

  useEffect(() => {
    if (!suppressed) load();
  }, [suppressed, load]);

  if (!activity || activity.status !== 1 || suppressed || closed) return null;
  const remaining = newYearRemaining(readLocal(PROMO_LIMITS.newYearCountKey), activity.count);
  if (remaining <= 0) return null;

  const close = () => {
    writeLocal(PROMO_LIMITS.newYearCountKey, String(afterNewYearClose(remaining)));
    closeForVisit(CLOSED_KEY);
    setClosed(true);
  };

  return (
    <div className={styles.newYear} data-testid="new-year-float">
      <Link to="/console/vip" aria-label={MSG.promoNewYearAlt}>
        <img src={activity.icon} alt={MSG.promoNewYearAlt} />
      </Link>
      <button type="button" className={styles.floatClose} aria-label={MSG.promoClose} onClick={close}>
        ×
      </button>
    </div>
  );
}
