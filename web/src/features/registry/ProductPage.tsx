import { useMemo } from 'react';
import { Button } from 'antd';
import { TOOLS } from '@wanxiang/contract';
import { Link, useNavigate } from 'react-router';
import { InfoLayout } from '../info/InfoLayout';
import { familyCounts, galleryItems } from './gallery';
import { GROUP_ICONS, GROUP_LABELS, T } from './texts';
import styles from './registry.module.css';

/** /productPage (产品介绍): what the product does, one section per family, counted from the registry. */
export default function ProductPage({ title }: { title?: string }) {
  const navigate = useNavigate();
  const families = useMemo(() => familyCounts(galleryItems()), []);
  const tools = TOOLS.filter((t) => t.kind !== 'page').length;
  const pages = TOOLS.filter((t) => t.kind === 'page').length;
  const pending = families.reduce((n, f) => n + f.pending, 0);
  return (
    <InfoLayout title={title ?? '产品介绍'}>
      <div className={styles.hero}>
        <h2 className={styles.heroTitle}>一个地方，用上所有 AI 能力</h2>
        <div className={styles.muted}>
          与 DeepSeek、智谱 GLM、Kimi、通义千问、文心、GPT 等模型对话，多模型同屏对比；联网与学术搜索、智能体、思维导图与 PPT，
          以及写作、生成、绘画、音视频和文档工具。
        </div>
        <div className={styles.stats} data-testid="product-stats">
          <div className={styles.stat}>
            <strong>{tools}</strong>
            <span className={styles.muted}>个 AI 工具</span>
          </div>
          <div className={styles.stat}>
            <strong>{pages}</strong>
            <span className={styles.muted}>个功能页面</span>
          </div>
          <div className={styles.stat}>
            <strong>{pending}</strong>
            <span className={styles.muted}>个功能即将上线</span>
          </div>
        </div>
        <div className={styles.row} style={{ marginTop: 16 }}>
          <Button type="primary" onClick={() => navigate('/chat?type=index')}>
            {T.startChat}
          </Button>
          <Button onClick={() => navigate('/function/all')}>全部功能</Button>
        </div>
      </div>
      <div className={styles.grid} data-testid="product-families">
        {families.map((f) => (
          <Link key={f.group} to="/function/all" className={styles.card} data-testid="product-family">
            <span className={styles.icon} aria-hidden>
              {GROUP_ICONS[f.group]}
            </span>
            <span className={styles.cardBody}>
              <span className={styles.cardTitle}>{GROUP_LABELS[f.group]}</span>
              <span className={styles.cardDesc}>{f.examples.join('、')}</span>
              <span className={styles.cardMeta}>{T.builtOf(f.built, f.pending)}</span>
            </span>
          </Link>
        ))}
      </div>
    </InfoLayout>
  );
}
