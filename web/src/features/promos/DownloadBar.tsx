import { Button } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { MSG } from '@wanxiang/contract';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useDialogs } from '../../stores/dialogs';
import { downloadVariant } from './rules';
import { closeForVisit, closedThisVisit } from './storage';
import { usePromoSuppressed } from './suppression';
import styles from './promos.module.css';

const CLOSED_KEY = 'p7_download_bar_closed';

/**
 * Floating bottom download bar (mobile, docs/product/promos.md §2): iPhone visitors are sent to the WeChat
 * mini-program, others to the Android app; both through the download dialog. Closable for the
 * visit. Not on chat pages, where the message box sits at the bottom of the screen.
 */
export function DownloadBar() {
  const suppressed = usePromoSuppressed(true, 'download_bar');
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const openDialog = useDialogs((s) => s.open);
  const [closed, setClosed] = useState(() => closedThisVisit(CLOSED_KEY));
  if (!isMobile || suppressed || closed || pathname.startsWith('/chat')) return null;

  const ios = downloadVariant(navigator.userAgent) === 'ios';
  return (
    <div className={styles.downloadBar} data-testid="download-bar" data-variant={ios ? 'ios' : 'android'}>
      <img src="/promos/p7-app.svg" alt="" />
      <span className={styles.downloadText}>{ios ? MSG.promoDownloadBarIos : MSG.promoDownloadBarAndroid}</span>
      <Button type="primary" size="small" onClick={() => openDialog('download')}>
        {ios ? MSG.promoDownloadBarIosGo : MSG.promoDownloadBarAndroidGo}
      </Button>
      <button
        type="button"
        className={styles.downloadClose}
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
