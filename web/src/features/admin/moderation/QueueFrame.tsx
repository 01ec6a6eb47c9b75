import type { ReactNode } from 'react';
import { Alert, Button, Segmented } from 'antd';
import { ADMIN_CONSOLE_MSG as T } from '@wanxiang/contract';
import styles from '../admin.module.css';

/** A queue's status filter above its table, and the load error with a retry. */
export function QueueFrame<S extends string>({
  statuses,
  names,
  status,
  onStatus,
  error,
  reload,
  children,
}: {
  statuses: readonly S[];
  names: Record<string, string>;
  status: S;
  onStatus: (s: S) => void;
  error: string | null;
  reload: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <Segmented<S> className={styles.block} value={status} onChange={onStatus} options={statuses.map((s) => ({ value: s, label: names[s] ?? s }))} />
      {error && (
        <Alert
          type="error"
          showIcon
          className={styles.block}
          title={error}
          action={
            <Button size="small" onClick={reload}>
              {T.retry}
            </Button>
          }
        />
      )}
      {children}
    </>
  );
}
