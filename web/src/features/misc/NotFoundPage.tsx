import { MSG } from '@wanxiang/contract';
import { LostIllustration } from '../../components/illustrations/LostIllustration';
import { PageActions } from './PageActions';
import styles from './misc.module.css';

/** /404 and every unknown path. */
export default function NotFoundPage() {
  return (
    <div className={styles.page} data-testid="not-found-page">
      <LostIllustration />
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{MSG.notFound}</h1>
      <p className={styles.hint}>你访问的页面可能已经搬家，或者地址输入有误。</p>
      <PageActions />
    </div>
  );
}
