import { Button } from 'antd';
import { CloseOutlined, UserOutlined } from '@ant-design/icons';
import type { AccountHistoryRow } from '../../../db/bianjie';
import styles from './login.module.css';

interface Props {
  rows: AccountHistoryRow[];
  disabled: boolean;
  onLogin: (row: AccountHistoryRow) => void;
  onRemove: (row: AccountHistoryRow) => void;
}

/** The password mode's remembered accounts: one click logs in with the device token, no password typed. */
export function RememberedAccounts({ rows, disabled, onLogin, onRemove }: Props) {
  if (rows.length === 0) return null;
  return (
    <div className={styles.remembered} data-testid="remembered-accounts">
      <span className={styles.rememberedTitle}>已记住的账号</span>
      {rows.map((row) => (
        <div key={row.account} className={styles.rememberedRow}>
          <UserOutlined />
          <span className={styles.rememberedName} title={row.account}>
            {row.account}
          </span>
          <Button size="small" type="primary" disabled={disabled} onClick={() => onLogin(row)}>
            一键登录
          </Button>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={`移除 ${row.account}`}
            disabled={disabled}
            onClick={() => onRemove(row)}
          />
        </div>
      ))}
    </div>
  );
}
