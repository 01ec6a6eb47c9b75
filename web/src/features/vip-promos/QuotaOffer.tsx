import { useEffect, useState } from 'react';
import { Button, QRCode, Skeleton } from 'antd';
import { GATE_LIMITS, MSG, type QuotaPopup } from '@wanxiang/contract';
import { fetchQuotaPopup } from '../../api/activity';
import { useCountdown } from '../../hooks/useCountdown';
import { useDialogs } from '../../stores/dialogs';
import { clockText, priceText } from './promo-rules';
import styles from './vip-promos.module.css';

/** The purchase link of the recommended item; its QR opens the VIP page with the item on a phone. */
export function offerLink(origin: string, rec: QuotaPopup['rec']): string {
  const q = new URLSearchParams({ shop_id: String(rec.id) });
  if (rec.coupon_id) q.set('coupon_id', rec.coupon_id);
  if (rec.rise) q.set('rise', rec.rise);
  return `${origin}/console/vip?${q.toString()}`;
}

/**
 * The out-of-quota offer inside the chat page's count popup (docs/product/promos.md §2): the recommended item
 * (quota popup data, prices /100), a QR to buy it and the 10-minute limited-offer countdown
 * (starts at 10:00, stops at zero). 立即支付 opens the shop's payment QR dialog for the item.
 * Errors are swallowed (docs/product/promos.md §8): the popup keeps its text and the VIP button.
 */
export function QuotaOffer({ type, onPay }: { type?: string; onPay: () => void }) {
  const [data, setData] = useState<QuotaPopup | null>(null);
  const [failed, setFailed] = useState(false);
  const countdown = useCountdown();
  const { start } = countdown;
  useEffect(() => start(GATE_LIMITS.vipOfferCountdownSec), [start]);
  useEffect(() => {
    let live = true;
    fetchQuotaPopup(type ?? 'chat', { silent: true })
      .then((d) => live && setData(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [type]);

  if (failed) return null;
  if (!data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const { rec } = data;
  const pay = () => {
    onPay();
    useDialogs.getState().openPay({ shop_id: rec.id, coupon_id: rec.coupon_id || undefined, rise: rec.rise || undefined });
  };
  return (
    <div data-testid="quota-offer" className={styles.offerWrap}>
      <div className={styles.offer}>
        <QRCode value={offerLink(window.location.origin, rec)} size={112} bordered={false} data-testid="quota-offer-qr" />
        <div className={styles.offerText}>
          <p className={styles.offerTitle}>
            {data.popup.title}：{rec.name}
          </p>
          <div>
            <span className={styles.priceNow}>¥{priceText(rec.discount_price)}</span>
            {rec.price > rec.discount_price && <span className={styles.priceOld}>¥{priceText(rec.price)}</span>}
          </div>
          <div className={styles.clock} style={{ justifyContent: 'flex-start', margin: '6px 0 0' }}>
            {MSG.limitedOffer}
            <span className={styles.clockValue} data-testid="quota-offer-countdown">
              {clockText(countdown.remaining)}
            </span>
          </div>
        </div>
      </div>
      <Button type="primary" danger block onClick={pay} data-testid="quota-offer-pay">
        立即支付
      </Button>
    </div>
  );
}
