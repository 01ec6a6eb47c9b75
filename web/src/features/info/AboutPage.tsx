import { Link } from 'react-router';
import { LogoMark } from '../../layouts/Logo';
import { InfoLayout } from './InfoLayout';
import styles from './info.module.css';

const FEATURES = [
  ['多模型对话', 'DeepSeek、通义千问、智谱 GLM、Kimi 等 60+ 大模型，一个入口随时切换。'],
  ['AI 搜索与智能体', '联网搜索、学术检索与可自定义的智能体，帮你查资料、做研究。'],
  ['创作工具', '绘画、视频、音乐、PPT、思维导图、论文与写作助手，覆盖 1000+ 场景。'],
  ['多端同步', '网页、Windows / macOS 桌面客户端、安卓应用与微信小程序，记录随账号同步。'],
];

/** /about and /helpfor/about: who we are and what the product offers. */
export default function AboutPage() {
  return (
    <InfoLayout title="关于我们">
      <div className={styles.card} style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <LogoMark size={64} />
        <div style={{ flex: 1, minWidth: 220 }}>
          <h2 className={styles.cardTitle} style={{ marginBottom: 6 }}>
            万象 AI
          </h2>
          <p className={styles.muted} style={{ margin: 0 }}>
            万象 AI 是面向中文用户的一站式人工智能助手。我们把主流大模型和实用的 AI 工具放进同一个入口，让学习、工作和创作都能更轻松地开始。
          </p>
        </div>
      </div>
      <div className={styles.grid}>
        {FEATURES.map(([title, desc]) => (
          <div key={title} className={styles.card}>
            <h3 className={styles.cardTitle}>{title}</h3>
            <p className={styles.muted}>{desc}</p>
          </div>
        ))}
      </div>
      <div className={styles.card}>
        <h3 className={styles.cardTitle}>我们的承诺</h3>
        <p className={styles.muted}>
          内容由 AI 生成，仅供参考；我们持续完善内容安全与隐私保护措施，详见<Link to="/console/agreement/user">《用户协议》</Link>与
          <Link to="/console/agreement/privacy">《隐私政策》</Link>。如有问题或建议，欢迎<Link to="/helpfor/intriguing">联系客服</Link>。
        </p>
      </div>
    </InfoLayout>
  );
}
