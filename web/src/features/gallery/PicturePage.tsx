import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useIsMobile } from '../../hooks/useIsMobile';
import { MyWorksTab } from './MyWorksTab';
import { SquareTab } from './SquareTab';
import { T } from './texts';
import styles from './gallery.module.css';

type Tab = 'square' | 'mine';

/**
 * AI图片 (/picture): 作品广场 (everyone's published pictures: like, report, 做同款) and 我的作品
 * (the user's creations: filter, download, publish, delete). The tab and an open picture live in
 * the link (?tab=mine, ?id=<published id>), so both can be shared and survive a reload.
 */
export default function PicturePage() {
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'square';
  const rawId = Number(params.get('id'));
  const openId = Number.isSafeInteger(rawId) && rawId > 0 ? rawId : null;

  const go = (next: Tab, id: number | null = null) => {
    const p = new URLSearchParams();
    if (next === 'mine') p.set('tab', 'mine');
    if (id !== null) p.set('id', String(id));
    setParams(p, { replace: next === tab });
  };

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="picture-page">
      <div className={styles.head}>
        <span className={styles.headIcon} aria-hidden>
          🖼️
        </span>
        <div>
          <h1 className={styles.title}>{T.title}</h1>
          <p className={styles.subtitle}>{T.subtitle}</p>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => go(k as Tab)}
        items={[
          { key: 'square', label: T.tabSquare, children: tab === 'square' && <SquareTab mobile={mobile} openId={openId} onOpenChange={(id) => go('square', id)} /> },
          { key: 'mine', label: T.tabMine, children: tab === 'mine' && <MyWorksTab onViewOnSquare={(id) => go('square', id)} /> },
        ]}
      />
    </div>
  );
}
