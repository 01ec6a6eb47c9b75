import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Empty, Input, Spin, Table, Tabs } from 'antd';
import { CrownFilled } from '@ant-design/icons';
import { MSG, type ShopItem, type ShopLists, type TierRow } from '@wanxiang/contract';
import { cardActive, shopLists, yuan } from '../../api/shop';
import { RequestError } from '../../api/request';
import { useDialogs } from '../../stores/dialogs';
import { useUserStore } from '../../stores/user';
import { membershipLabel, vipExpiryText } from '../account/user-display';
import styles from './vip.module.css';

/**
 * The membership centre (/console/vip, /recharge; docs/product/membership-and-payment.md §2, §7): the user's membership, the
 * membership cards and points packs to pick (prices in cents shown /100, the old price struck
 * through), 立即开通 opening the payment QR dialog, the tier comparison table, tips, and card
 * activation (卡密激活). `?shop_id=` preselects an item (the VIP promo's button).
 */
export default function VipPage(_props: { title?: string }) {
  const [params] = useSearchParams();
  const [lists, setLists] = useState<ShopLists | null>(null);
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState<'vip' | 'points'>('vip');
  const [picked, setPicked] = useState<number | null>(null);
  const openPay = useDialogs((s) => s.openPay);

  useEffect(() => {
    let live = true;
    shopLists()
      .then((l) => {
        if (!live) return;
        setLists(l);
        const wanted = Number(params.get('shop_id'));
        const pre = [...l.vip, ...l.points].find((i) => i.id === wanted);
        setTab(pre?.kind === 'points' ? 'points' : 'vip');
        setPicked(pre?.id ?? l.vip.find((i) => i.tag === '推荐')?.id ?? l.vip[0]?.id ?? null);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [params]);

  const items = tab === 'vip' ? (lists?.vip ?? []) : (lists?.points ?? []);
  const current = items.find((i) => i.id === picked) ?? null;

  const pickTab = (k: string) => {
    const next = k === 'points' ? 'points' : 'vip';
    setTab(next);
    setPicked((next === 'vip' ? lists?.vip : lists?.points)?.[0]?.id ?? null);
  };

  return (
    <div className={styles.page} data-testid="vip-page">
      <MembershipStatus />
      {!lists && !failed ? <Spin /> : null}
      {failed ? <Empty description={MSG.usageFailed} /> : null}
      {lists ? (
        <>
          <Tabs
            activeKey={tab}
            onChange={pickTab}
            items={[
              { key: 'vip', label: '会员套餐' },
              { key: 'points', label: '积分充值' },
            ]}
          />
          <div className={styles.cards}>
            {items.map((i) => (
              <ItemCard key={i.id} item={i} active={i.id === picked} onPick={() => setPicked(i.id)} />
            ))}
          </div>
          <div className={styles.buy}>
            <Button
              type="primary"
              size="large"
              danger
              disabled={!current}
              onClick={() => current && openPay({ shop_id: current.id })}
              data-testid="vip-buy"
            >
              {MSG.vipOpenNow}
              {current ? ` ¥${yuan(current.shop_price)}` : ''}
            </Button>
          </div>
          <div className={styles.section}>会员权益对比</div>
          <div className={styles.tableWrap}>
            <TierTable rows={lists.tables} />
          </div>
          <div className={styles.section}>{MSG.cardActivate}</div>
          <CardActivation />
          <div className={styles.section}>温馨提示</div>
          <ol className={styles.tips}>
            {lists.tips.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}

function MembershipStatus() {
  const user = useUserStore((s) => s.user);
  if (!user) return null;
  const expiry = vipExpiryText(user);
  return (
    <div className={styles.status} data-testid="vip-status">
      <CrownFilled style={{ fontSize: 28, color: user.vip ? '#fa8c16' : '#bfbfbf' }} />
      <span className={styles.statusName}>{membershipLabel(user)}</span>
      <span className={styles.statusTime}>{expiry || '开通会员，畅享全部模型与工具'}</span>
    </div>
  );
}

function ItemCard({ item, active, onPick }: { item: ShopItem; active: boolean; onPick(): void }) {
  return (
    <div
      role="radio"
      aria-checked={active}
      tabIndex={0}
      className={`${styles.card} ${active ? styles.cardActive : ''}`}
      onClick={onPick}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onPick()}
      data-testid={`shop-item-${item.id}`}
    >
      {item.tag ? <span className={styles.tag}>{item.tag}</span> : null}
      <div className={styles.cardName}>{item.shop_name}</div>
      <div className={styles.price}>
        <small>¥</small>
        {yuan(item.shop_price)}
      </div>
      <div className={styles.oldPrice}>{item.shop_price_2 > item.shop_price ? `¥${yuan(item.shop_price_2)}` : ''}</div>
      {item.desc ? <div className={styles.desc}>{item.desc}</div> : null}
    </div>
  );
}

function TierTable({ rows }: { rows: TierRow[] }) {
  const columns = useMemo(
    () => [
      { title: '会员类型', dataIndex: 'name', key: 'name', fixed: 'left' as const, width: 96 },
      { title: '模型', dataIndex: 'model', key: 'model' },
      { title: '工具', dataIndex: 'tools', key: 'tools' },
      { title: '音频', dataIndex: 'audio', key: 'audio' },
      { title: '文档', dataIndex: 'docx', key: 'docx' },
      { title: '音视频', dataIndex: 'media', key: 'media' },
      { title: '写作', dataIndex: 'writing', key: 'writing' },
      { title: '时长', dataIndex: 'duration', key: 'duration' },
      {
        title: '价格',
        key: 'price',
        render: (_: unknown, r: TierRow) => (r.price ? `¥${yuan(r.price)} ${r.unit}` : r.unit),
      },
    ],
    [],
  );
  return (
    <Table rowKey="name" size="small" pagination={false} columns={columns} dataSource={rows} scroll={{ x: 860 }} data-testid="tier-table" />
  );
}

function CardActivation() {
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!code.trim()) {
      void message.warning(MSG.cardPlaceholder);
      return;
    }
    setBusy(true);
    try {
      const r = await cardActive(code.trim());
      void message.success(`${MSG.cardActivated}：${r.shop_name}`);
      setCode('');
      await useUserStore.getState().refreshUser();
    } catch (err) {
      void message.error(err instanceof RequestError ? err.msg : MSG.requestFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.cardBox}>
      <Input
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder={MSG.cardPlaceholder}
        maxLength={64}
        onPressEnter={() => void submit()}
        data-testid="card-input"
      />
      <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="card-submit">
        激活
      </Button>
    </div>
  );
}
