import { Button, Input } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useState, type ReactNode } from 'react';
import { GIFTS, RECENT_REWARDS } from './gift-data';
import styles from './login.module.css';

interface Props {
  inviteCode: string;
  inviteLocked: boolean;
  onInviteConfirm: (code: string) => void;
  onRegister: () => void;
  /** The 记住密码 checkbox (docs/product/accounts.md §2 puts it on this panel). */
  rememberBox?: ReactNode;
}

/** Left side of the login card: the new-user promise, recent rewards, the invite-code entry. */
export function GiftPanel({ inviteCode, inviteLocked, onInviteConfirm, onRegister, rememberBox }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(inviteCode);

  return (
    <aside className={styles.gift}>
      <div className={styles.giftHeading}>
        <GiftOutlined /> 新{/* Shell 2.3: the word 'user' in the heading opens the register mode. */}
        <button type="button" className={styles.giftUserWord} onClick={onRegister} title="注册账号">
          用户
        </button>
        专享礼包
      </div>
      <ul className={styles.giftList}>
        {GIFTS.map((g) => (
          <li key={g.title}>
            <strong>{g.title}</strong>
            <span>{g.desc}</span>
          </li>
        ))}
      </ul>
      <div className={styles.ticker} aria-label="最新获奖">
        {/* The list twice, so the upward scroll loops without a jump. */}
        <div className={styles.tickerTrack}>
          {[...RECENT_REWARDS, ...RECENT_REWARDS].map((text, i) => (
            <div key={i} className={styles.tickerItem} aria-hidden={i >= RECENT_REWARDS.length}>
              {text}
            </div>
          ))}
        </div>
      </div>
      <div className={styles.invite}>
        {inviteLocked ? (
          <span className={styles.inviteLocked}>{MSG.inviteCodeLocked(inviteCode)}</span>
        ) : editing ? (
          <div className={styles.inviteRow}>
            <Input size="small" placeholder="请输入邀请码" value={draft} maxLength={64} onChange={(e) => setDraft(e.target.value)} />
            <Button size="small" type="primary" disabled={!draft.trim()} onClick={() => onInviteConfirm(draft.trim())}>
              确认
            </Button>
          </div>
        ) : (
          <button type="button" className={styles.inviteToggle} onClick={() => setEditing(true)}>
            有邀请码？点此填写
          </button>
        )}
      </div>
      {rememberBox}
    </aside>
  );
}
