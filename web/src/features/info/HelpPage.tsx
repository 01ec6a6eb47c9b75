import { Collapse, QRCode, Timeline } from 'antd';
import { Link, useLocation } from 'react-router';
import { InfoLayout } from './InfoLayout';
import { CHANGELOG, CONTACT, FAQ } from './help-content';
import styles from './info.module.css';

const TABS = [
  { to: '/helpfor/centre', label: '帮助中心' },
  { to: '/helpfor/news', label: '更新日志' },
  { to: '/helpfor/intriguing', label: '联系客服' },
  { to: '/helpfor/about', label: '关于我们' },
];

function Faq() {
  return (
    <>
      {FAQ.map((g) => (
        <div key={g.group} className={styles.card}>
          <h2 className={styles.cardTitle}>{g.group}</h2>
          <Collapse ghost items={g.items.map((it) => ({ key: it.q, label: it.q, children: <p className={styles.muted}>{it.a}</p> }))} />
        </div>
      ))}
    </>
  );
}

function News() {
  return (
    <div className={styles.card}>
      <Timeline
        items={CHANGELOG.map((v) => ({
          children: (
            <div>
              <strong>
                {v.version}（{v.date}）
              </strong>
              <ul className={styles.muted} style={{ paddingLeft: 18, margin: '6px 0 0' }}>
                {v.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </div>
          ),
        }))}
      />
    </div>
  );
}

function Contact() {
  return (
    <div className={styles.grid}>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>微信客服</h2>
        <div className={styles.qr}>
          <QRCode value={`weixin://contacts/profile/${CONTACT.wechat}`} size={160} bordered={false} aria-label="客服微信二维码" />
          <span className={styles.muted}>微信扫码或搜索添加：{CONTACT.wechat}</span>
        </div>
      </div>
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>其他方式</h2>
        <p className={styles.muted}>
          邮箱：<a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          <br />
          服务时间：{CONTACT.hours}
          <br />
          留言：在对话页点击回答下方的“反馈”也能把问题告诉我们。
        </p>
      </div>
    </div>
  );
}

/** /helpfor/centre (FAQ), /helpfor/news (更新日志), /helpfor/intriguing (联系客服). */
export default function HelpPage() {
  const { pathname } = useLocation();
  const tab = pathname.endsWith('/news') ? 'news' : pathname.endsWith('/intriguing') ? 'contact' : 'faq';
  const title = tab === 'news' ? '更新日志' : tab === 'contact' ? '联系客服' : '帮助中心';
  return (
    <InfoLayout title={title}>
      <nav className={styles.tabs}>
        {TABS.map((t) => (
          <Link key={t.to} to={t.to} className={`${styles.tab} ${pathname === t.to ? styles.tabActive : ''}`}>
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === 'faq' && <Faq />}
      {tab === 'news' && <News />}
      {tab === 'contact' && <Contact />}
    </InfoLayout>
  );
}
