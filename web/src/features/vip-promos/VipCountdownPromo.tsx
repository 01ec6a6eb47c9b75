import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { VipPromo } from '@wanxiang/contract';
import { fetchVipPromo } from '../../api/activity';
import { useCountdown } from '../../hooks/useCountdown';
import { useDialogs } from '../../stores/dialogs';
import { useUserStore } from '../../stores/user';
import { sanitizeHtml } from '../promos/sanitize';
import { usePromoConfig } from '../promos/config-store';
import {
  RECOMMEND_VIP_DELAY_MS,
  VIP_PROMO_DELAY_MS,
  clockText,
  readVipModalTime,
  shouldFetchVipPromo,
  writeVipModalTime,
} from './promo-rules';
import styles from './vip-promos.module.css';

/**
 * VIP countdown promo (docs/product/promos.md §2, §4): fetched when the user logs in during this page view (a
 * session restored from storage is not a login), never for vip 79, at most once per business day
 * (vip_modal_time); if not `end` and still logged in, it opens 15 s later. Its button goes to
 * /console/vip?shop_id=; closing it is the recommended-VIP dialog's trigger (opens 2 s later).
 */
export function VipCountdownPromo() {
  const token = useUserStore((s) => s.token);
  const [initialToken] = useState(() => useUserStore.getState().token);
  const [promo, setPromo] = useState<VipPromo | null>(null);
  const navigate = useNavigate();
  // The operator's switch in the promos file (config/init `show`); unknown until it answers.
  const switchedOn = usePromoConfig((s) => s.init?.show?.vip_countdown === true);
  useEffect(() => usePromoConfig.getState().load(), []);

  useEffect(() => {
    if (!token || token === initialToken || !switchedOn) return;
    const user = useUserStore.getState().user;
    if (!user || !shouldFetchVipPromo(user.vip, readVipModalTime(), Date.now())) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    fetchVipPromo({ appid: user.appid, uid: user.uid, vt: 1 }, { silent: true })
      .then((p) => {
        if (!live || p.end) return;
        timer = setTimeout(() => {
          if (useUserStore.getState().token !== token) return;
          writeVipModalTime(Date.now());
          setPromo(p);
        }, VIP_PROMO_DELAY_MS);
      })
      // Other fetch errors are swallowed (docs/product/promos.md §8).
      .catch(() => undefined);
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [token, initialToken, switchedOn]);

  const close = () => {
    setPromo(null);
    setTimeout(() => useDialogs.getState().open('recommendVip'), RECOMMEND_VIP_DELAY_MS);
  };
  const buy = () => {
    const shopId = promo?.shop_id;
    setPromo(null);
    void navigate(`/console/vip?shop_id=${shopId ?? ''}`);
  };

  return (
    <Modal open={promo !== null} onCancel={close} footer={null} centered width={460} destroyOnHidden title={promo?.title}>
      {promo && <PromoBody promo={promo} onBuy={buy} />}
    </Modal>
  );
}

function PromoBody({ promo, onBuy }: { promo: VipPromo; onBuy: () => void }) {
  const countdown = useCountdown();
  const { start } = countdown;
  useEffect(() => start(Math.max(0, Math.floor((Date.parse(promo.end_at) - Date.now()) / 1000))), [start, promo.end_at]);
  return (
    <div data-testid="vip-promo">
      {promo.banner && <img className={styles.banner} src={promo.banner} alt="" />}
      <div className={styles.content} dangerouslySetInnerHTML={{ __html: sanitizeHtml(promo.content) }} />
      <div className={styles.clock}>
        <ClockCircleOutlined /> 距活动结束
        <span className={styles.clockValue} data-testid="vip-promo-countdown">
          {clockText(countdown.remaining)}
        </span>
      </div>
      <Button type="primary" danger block size="large" onClick={onBuy} data-testid="vip-promo-buy">
        {promo.button}
      </Button>
    </div>
  );
}
