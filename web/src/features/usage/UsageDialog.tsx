import { useEffect, useState } from 'react';
import { Button, Modal, Progress, Spin } from 'antd';
import { MSG, type UsageItem } from '@wanxiang/contract';
import { numberAll } from '../../api/quota';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useDialogs } from '../../stores/dialogs';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { usageRows } from './format';
import styles from './usage.module.css';

/**
 * Today's usage dashboard (docs/product/quota-and-points.md §2, data board), logged-in only, opened by the `usage` flag:
 * one row per quota key from /v1/number/all (不限 / 无 / counts with unit and period), bonus
 * counts as child rows.
 */
export function UsageDialog() {
  const open = useDialogs((s) => s.usage);
  const close = useDialogs((s) => s.close);
  const loggedIn = useUserStore(selectIsLoggedIn);
  const mobile = useIsMobile();
  return (
    <Modal
      open={open && loggedIn}
      onCancel={() => close('usage')}
      footer={null}
      centered
      destroyOnHidden
      width={mobile ? 'calc(100vw - 24px)' : 600}
      title={MSG.usageTitle}
    >
      <UsageBody />
    </Modal>
  );
}

export function UsageBody() {
  const [items, setItems] = useState<UsageItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    setFailed(false);
    numberAll({ silent: true, signal: ctrl.signal })
      .then(setItems)
      .catch(() => {
        if (!ctrl.signal.aborted) setFailed(true);
      });
    return () => ctrl.abort();
  }, [attempt]);

  if (failed) {
    return (
      <div className={styles.failed} data-testid="usage-failed">
        <div>{MSG.usageFailed}</div>
        <Button onClick={() => setAttempt((n) => n + 1)}>{MSG.usageRetry}</Button>
      </div>
    );
  }
  if (!items) {
    return (
      <div className={styles.loading}>
        <Spin />
      </div>
    );
  }
  return (
    <div className={styles.list} data-testid="usage-list">
      <div className={`${styles.row} ${styles.header}`}>
        <span>{MSG.usageColName}</span>
        <span>{MSG.usageColBalance}</span>
        <span>{MSG.usageColMax}</span>
      </div>
      {usageRows(items).map((r) => (
        <div key={r.key} className={`${styles.row} ${r.child ? styles.child : ''}`} data-testid="usage-row">
          <span className={styles.name}>
            {r.name}
            <small className={styles.period}>{r.period}</small>
          </span>
          <span className={styles.balance}>
            {r.balance}
            {r.percent !== null ? <Progress percent={r.percent} size="small" showInfo={false} className={styles.bar} /> : null}
          </span>
          <span className={styles.max}>{r.max}</span>
        </div>
      ))}
    </div>
  );
}
