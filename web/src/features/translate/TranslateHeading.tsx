import type { ReactNode } from 'react';
import type { ToolSpec } from '@wanxiang/contract';
import styles from './translate.module.css';

/**
 * The head of the translation pages (AI翻译, 翻译记录): the page's icon, title and description,
 * and its links on the right. One component so both pages keep the same head.
 */
export function TranslateHeading({ page, title, children }: { page: ToolSpec; title?: string; children: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={styles.heading}>
        <span className={styles.icon}>{page.icon}</span>
        <div>
          <h1 className={styles.title}>{title ?? page.title}</h1>
          <p className={styles.description}>{page.description}</p>
        </div>
      </div>
      {children}
    </header>
  );
}
