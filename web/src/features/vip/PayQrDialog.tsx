import { useEffect, useRef, useState } from 'react';
import { App, Button, Modal, QRCode, Result, Spin } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { MSG, type ShopOrderCreated } from '@wanxiang/contract';
import { createShopsOrder, payQuery, yuan } from '../../api/shop';
import { RequestError } from '../../api/request';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useDialogs } from '../../stores/dialogs';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { openBindPhoneDialog } from '../account/bind-phone/bind-phone-store';
import { absolutePayUrl, isMockPay, PAY_POLL_MS } from './pay-qr';
import styles from './vip.module.css';

/**
 * The payment QR dialog (docs/product/membership-and-payment.md §2, §4 Payment QR), opened with useDialogs.openPay({shop_id}):
 * makes the order, shows its QR and amount, polls the pay query every 3 s; paid -> 支付成功, the
 * order id is reset, polling stops and the user info is refreshed. Closing stops polling and
 * refreshes the user info too. A user without a bound phone sees the bind-phone overlay first.
 */
export function PayQrDialog() {
  const target = useDialogs((s) => s.pay);
  const close = useDialogs((s) => s.close);
  const loggedIn = useUserStore(selectIsLoggedIn);
  const mobile = useIsMobile();
  const open = Boolean(target) && loggedIn;

  const onClose = () => {
    close('pay');
    void useUserStore.getState().refreshUser();
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      centered
      destroyOnHidden
      width={mobile ? 'calc(100vw - 24px)' : 420}
      title="扫码支付"
      data-testid="pay-qr-dialog"
    >
      {open && target ? <PayQrBody shopId={target.shop_id} couponId={target.coupon_id} /> : null}
    </Modal>
  );
}

function PayQrBody({ shopId, couponId }: { shopId: number; couponId?: string }) {
  const { message } = App.useApp();
  const hasPhone = useUserStore((s) => Boolean(s.user?.phone));
  // The modal keeps its content through the closing animation: polling follows the flag itself.
  const stillOpen = useDialogs((s) => s.pay !== null);
  const [order, setOrder] = useState<ShopOrderCreated | null>(null);
  const [paid, setPaid] = useState<{ name: string; price: number } | null>(null);
  const [error, setError] = useState('');
  const created = useRef(false);

  // One order per opening, made once the user has a phone.
  useEffect(() => {
    if (!hasPhone || !stillOpen || created.current) return;
    created.current = true;
    createShopsOrder({ shop_id: shopId, coupon_id: couponId ?? '' })
      .then(setOrder)
      .catch((err: unknown) => setError(err instanceof RequestError ? err.msg : MSG.payUnavailable));
  }, [hasPhone, stillOpen, shopId, couponId]);

  // Poll every 3 s while an order is open; the cleanup stops it (paid, closed, unmounted).
  const orderNo = order?.query_order;
  useEffect(() => {
    if (!orderNo || !stillOpen) return;
    const ctrl = new AbortController();
    const timer = setInterval(() => {
      payQuery(orderNo, ctrl.signal)
        .then((r) => {
          if (!r.paid || ctrl.signal.aborted) return;
          ctrl.abort();
          setPaid({ name: order?.shop_name ?? '', price: order?.shop_price ?? 0 });
          setOrder(null);
          void message.success(MSG.paySuccess);
          void useUserStore.getState().refreshUser();
        })
        .catch(() => {
          // A failed poll is retried on the next tick.
        });
    }, PAY_POLL_MS);
    return () => {
      clearInterval(timer);
      ctrl.abort();
    };
  }, [orderNo, stillOpen, order?.shop_name, order?.shop_price, message]);

  if (!hasPhone) {
    return (
      <div className={styles.payBody} data-testid="pay-need-phone">
        <MobileOutlined className={styles.payPhoneIcon} />
        <p>{MSG.payNeedPhone}</p>
        <Button type="primary" onClick={openBindPhoneDialog}>
          {MSG.payBindPhone}
        </Button>
      </div>
    );
  }
  if (paid) {
    return <Result status="success" title={MSG.paySuccess} subTitle={`${paid.name} ¥${yuan(paid.price)}`} data-testid="pay-success" />;
  }
  if (error) return <Result status="warning" title={error} />;
  if (!order) {
    return (
      <div className={styles.payBody}>
        <Spin />
      </div>
    );
  }
  const url = absolutePayUrl(order.url, window.location.origin);
  return (
    <div className={styles.payBody}>
      <div className={styles.payItem}>{order.shop_name}</div>
      <div className={styles.payAmount} data-testid="pay-amount">
        ¥<b>{yuan(order.shop_price)}</b>
      </div>
      <QRCode type="svg" value={url} size={200} data-testid="pay-qr" />
      <p className={styles.payHint}>{MSG.payScanHint}</p>
      {isMockPay(order.provider) ? (
        <a className={styles.payMock} href={url} target="_blank" rel="noreferrer" data-testid="pay-mock-link">
          {MSG.payMockLink}
        </a>
      ) : null}
    </div>
  );
}
