import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG, type GlobalNotice } from '@wanxiang/contract';
import { fetchGlobalNotice } from '../../api/promos';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { parseConfirmAction } from './rules';
import { sanitizeHtml } from './sanitize';
import { usePromoSuppressed } from './suppression';
import { useTurn } from './turn';
import styles from './promos.module.css';

/**
 * The admin-driven global notice (docs/product/promos.md §2, §3): logged-in only, once per visit per login.
 * Its HTML is sanitized; confirm runs 'action|argument' (route|/console/vip, url|https://..., close|);
 * allowBackCancel 'true' lets the ×, the mask and Esc close it.
 */
export function GlobalNoticeDialog() {
  const suppressed = usePromoSuppressed();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const navigate = useNavigate();
  const [notice, setNotice] = useState<GlobalNotice | null>(null);

  useEffect(() => {
    if (!loggedIn || suppressed) {
      setNotice(null);
      return;
    }
    let live = true;
    fetchGlobalNotice().then(
      (n) => live && setNotice(n),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [loggedIn, suppressed]);

  const open = useTurn('globalNotice', Boolean(notice && loggedIn && !suppressed));
  if (!notice) return null;

  const close = () => setNotice(null);
  const backCancel = notice.allowBackCancel === 'true';
  const confirm = () => {
    const action = parseConfirmAction(notice.onConfirmClick);
    close();
    if (action.kind === 'route') navigate(action.to);
    else if (action.kind === 'url') window.open(action.href, '_blank', 'noopener');
  };

  return (
    <Modal
      open={open}
      title={notice.title}
      centered
      width={460}
      closable={backCancel}
      mask={{ closable: backCancel }}
      keyboard={backCancel}
      onCancel={backCancel ? close : undefined}
      destroyOnHidden
      footer={
        <div className={styles.footer}>
          {notice.showCancelBtn && <Button onClick={close}>{MSG.promoCancel}</Button>}
          <Button type="primary" onClick={confirm}>
            {notice.confirm}
          </Button>
        </div>
      }
    >
      <div className={styles.html} data-testid="global-notice" dangerouslySetInnerHTML={{ __html: sanitizeHtml(notice.content) }} />
    </Modal>
  );
}
