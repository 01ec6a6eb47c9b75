import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useAdminTitle } from './useLoad';
import styles from './admin.module.css';

/** A console page's title (also the document title) with its controls on the right. */
export function PageHead({ title, extra, children }: { title: string; extra?: ReactNode; children?: ReactNode }) {
  useAdminTitle(title);
  return (
    <div className={styles.pageHead}>
      <div>
        <Typography.Title level={4} className={styles.pageTitle}>
          {title}
        </Typography.Title>
        {children}
      </div>
      {extra}
    </div>
  );
}
