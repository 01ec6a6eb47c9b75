import { MSG } from '@wanxiang/contract';
import { BuildingIllustration } from '../../components/illustrations/BuildingIllustration';
import { PageActions } from './PageActions';
import styles from './misc.module.css';

/** The one page every not-yet-built route renders (issue 2, item 10). */
export default function PlaceholderPage({ title }: { title?: string }) {
  return (
    <div className={styles.page} data-testid="placeholder-page">
      <BuildingIllustration />
      <h1 className={styles.title}>{title ?? '万象 AI'}</h1>
      <div className={styles.status}>{MSG.featureInDevelopment}</div>
      <p className={styles.hint}>
        {title ? `「${title}」` : '这个功能'}正在加紧打造中，很快与你见面。先去和 AI 聊聊吧，多个大模型随你切换。
      </p>
      <PageActions />
    </div>
  );
}
