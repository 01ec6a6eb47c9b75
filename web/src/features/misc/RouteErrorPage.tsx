import { Button } from 'antd';
import { MSG } from '@wanxiang/contract';
import { useRouteError } from 'react-router';
import { LostIllustration } from '../../components/illustrations/LostIllustration';
import styles from './misc.module.css';

/** Shown when a page throws or its code chunk fails to load (e.g. after a new deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className={styles.page} style={{ minHeight: '100vh' }}>
      <LostIllustration />
      <h1 className={styles.title}>{MSG.serverError}</h1>
      <p className={styles.hint}>页面加载出了点问题，刷新一下通常就好了。</p>
      <div className={styles.actions}>
        <Button size="large" shape="round" type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
        <Button size="large" shape="round" onClick={() => window.location.assign('/')}>
          返回首页
        </Button>
      </div>
    </div>
  );
}
