import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MSG } from '@wanxiang/contract';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useNewYear } from './new-year-store';
import { isNationalDayWindow } from './rules';
import { closeForVisit, closedThisVisit } from './storage';
import { isMobilePage } from './suppression';
import styles from './promos.module.css';

const CLOSED_KEY = 'p7_top_poster_closed';

/**
 * The notice poster strip above the header (42px desktop, 30px mobile), linking to /console/vip,
 * closable for the visit. September 1-30 (Shanghai date) it is the National Day banner; while the
 * new-year activity runs, the New Year banner. Not on /mobilepage.
 */
export function TopPoster() {
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const activity = useNewYear((s) => s.activity);
  const load = useNewYear((s) => s.load);
  const [closed, setClosed] = useState(() => closedThisVisit(CLOSED_KEY));

  useEffect(() => load(), [load]);
  if (closed || isMobilePage(pathname)) return null;

  const season = isNationalDayWindow(new Date()) ? 'national' : activity?.status === 1 ? 'newYear' : 'plain';
  const text = season === 'national' ? MSG.promoNationalDayText : season === 'newYear' ? MSG.promoNewYearText : MSG.promoPosterText;
  const cls = [
    styles.poster,
    isMobile ? styles.posterMobile : '',
    season === 'national' ? styles.posterNational : '',
    season === 'newYear' ? styles.posterNewYear : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={cls} data-testid="top-poster" data-season={season}>
      <Link to="/console/vip" className={styles.posterLink}>
        <span className={styles.posterText}>{text}</span>
        <span className={styles.posterGo}>{MSG.promoPosterGo}</span>
      </Link>
      <button
        type="button"
        className={styles.posterClose}
        aria-label={MSG.promoClose}
        onClick={() => {
          closeForVisit(CLOSED_KEY);
          setClosed(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
