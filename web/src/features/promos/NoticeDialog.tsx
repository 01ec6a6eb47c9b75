import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { MSG, PROMO_LIMITS, type NoticeRes } from '@wanxiang/contract';
import { fetchNotice } from '../../api/promos';
import { noticeParagraphs, shouldShowNotice } from './rules';
import { readLocal, writeLocal } from './storage';
import { usePromoSuppressed } from './suppression';
import { useTurn } from './turn';
import styles from './promos.module.css';

/**
 * The text notice (docs/product/promos.md §4): shown when the server's sign differs from the stored one.
 * 不再提醒 stores the sign (it shows again only when the text changes); 我知道了 closes it for now.
 */
export function NoticeDialog() {
  const suppressed = usePromoSuppressed();
  const [notice, setNotice] = useState<NoticeRes | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (suppressed) return;
    let live = true;
    fetchNotice().then(
      (n) => live && setNotice(n),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [suppressed]);

  const want = !suppressed && !dismissed && shouldShowNotice(notice, readLocal(PROMO_LIMITS.noticeSignKey));
  const open = useTurn('notice', want);
  if (!notice) return null;

  const noMore = () => {
    writeLocal(PROMO_LIMITS.noticeSignKey, notice.sign);
    setDismissed(true);
  };
  const close = () => setDismissed(true);

  return (
    <Modal
      open={open}
      title={MSG.promoNoticeTitle}
      centered
      width={460}
      onCancel={close}
      destroyOnHidden
      footer={
        <div className={styles.footer}>
          <Button onClick={noMore}>{MSG.promoNoMoreRemind}</Button>
          <Button type="primary" onClick={close}>
            {MSG.promoKnown}
          </Button>
        </div>
      }
    >
      <div className={styles.paragraphs} data-testid="notice-dialog">
        {noticeParagraphs(notice.data).map((line, i) => (
          <p key={i}>{line}</p>
        ))}
      </div>
    </Modal>
  );
}
