import { Link, useLocation } from 'react-router';
import { InfoLayout } from './InfoLayout';
import { PRIVACY_POLICY } from './agreements/privacy-policy';
import { USER_AGREEMENT } from './agreements/user-agreement';
import styles from './info.module.css';

/** /console/agreement/user and /console/agreement/privacy: our own user agreement and privacy policy. */
export default function AgreementPage() {
  const { pathname } = useLocation();
  const privacy = pathname.endsWith('/privacy');
  const doc = privacy ? PRIVACY_POLICY : USER_AGREEMENT;
  return (
    <InfoLayout title={doc.title} lead={`更新日期：${doc.updated}`}>
      <div className={styles.tabs}>
        <Link to="/console/agreement/user" className={`${styles.tab} ${privacy ? '' : styles.tabActive}`}>
          用户协议
        </Link>
        <Link to="/console/agreement/privacy" className={`${styles.tab} ${privacy ? styles.tabActive : ''}`}>
          隐私政策
        </Link>
      </div>
      <article className={`${styles.card} ${styles.doc}`}>
        {doc.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {doc.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      </article>
    </InfoLayout>
  );
}
