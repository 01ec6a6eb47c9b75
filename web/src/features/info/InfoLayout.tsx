import type { ReactNode } from 'react';
import { SiteFooter } from '../../layouts/footer/SiteFooter';
import styles from './info.module.css';

/** Frame of the info and console pages: a centred column, a heading, and the site footer. */
export function InfoLayout({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <div className={styles.inner}>
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
      <SiteFooter />
    </div>
  );
}
