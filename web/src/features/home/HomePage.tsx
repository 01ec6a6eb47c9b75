import { ArrowRightOutlined, SendOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate } from 'react-router';
import { isDesktopClient } from '../desktop-client/client-mode';
import { LogoMark } from '../../layouts/Logo';
import { SiteFooter } from '../../layouts/footer/SiteFooter';
import { HOME_AREAS, QUICK_STARTS } from './areas';
import styles from './home.module.css';

/** The landing page `/`: name, pitch, a big "ask anything" entry and the main areas. */
export function HomePage() {
  const navigate = useNavigate();
  // Desktop client (docs/product/shell-and-navigation.md §2): home is the chat.
  if (isDesktopClient()) return <Navigate to="/chat?type=index" replace />;
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <LogoMark size={56} />
        <h1 className={styles.title}>万象 AI</h1>
        <p className={styles.pitch}>一个入口，畅用 DeepSeek、通义千问、智谱 GLM、Kimi 等 60+ 大模型与 1000+ AI 工具</p>
        <button type="button" className={styles.ask} onClick={() => navigate('/chat?type=index')}>
          <span className={styles.askText}>有什么问题尽管问我，写作、翻译、编程、出主意都可以……</span>
          <span className={styles.askSend}>
            <SendOutlined />
          </span>
        </button>
        <div className={styles.quick}>
          {QUICK_STARTS.map((q) => (
            <Link key={q.to} to={q.to} className={styles.chip}>
              {q.label}
            </Link>
          ))}
        </div>
      </section>

      <section className={styles.areas} aria-label="全部功能">
        <div className={styles.sectionHead}>
          <h2>探索万象</h2>
          <Link to="/function/all" className={styles.more}>
            全部功能 <ArrowRightOutlined />
          </Link>
        </div>
        <div className={styles.grid}>
          {HOME_AREAS.map(({ key, title, desc, to, icon: Icon, tint, tag }) => (
            <Link key={key} to={to} className={styles.card}>
              <span className={styles.cardIcon} style={{ background: `linear-gradient(135deg, ${tint[0]}, ${tint[1]})` }}>
                <Icon />
              </span>
              <span className={styles.cardBody}>
                <span className={styles.cardTitle}>
                  {title}
                  {tag && <span className={styles.cardTag}>{tag}</span>}
                </span>
                <span className={styles.cardDesc}>{desc}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>
      <SiteFooter />
    </div>
  );
}
