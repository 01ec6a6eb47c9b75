import { Button, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { ModelEntry } from '@wanxiang/contract';
import { chatLink } from './models';
import { T } from './texts';
import styles from './registry.module.css';

/** A catalog model: icon, name, tags, one line, and the start-chat and detail actions. */
export function ModelCard({ model }: { model: ModelEntry }) {
  const navigate = useNavigate();
  return (
    <div className={styles.modelCard} data-testid="model-card">
      <div className={styles.modelHead}>
        {model.icon && <img className={styles.modelIcon} src={model.icon} alt="" />}
        <span className={styles.modelName}>{model.label}</span>
      </div>
      <div className={styles.row}>
        {model.reasoning && !model.tags.includes('深度思考') && <Tag color="purple">深度思考</Tag>}
        {model.isFree && !model.tags.includes('免费') && <Tag color="green">免费</Tag>}
        {!model.online && <Tag>未上线</Tag>}
        {model.tags.slice(0, 2).map((t) => (
          <Tag key={t}>{t}</Tag>
        ))}
      </div>
      <div className={styles.muted}>{model.desc}</div>
      <div className={styles.row}>
        <Button type="primary" size="small" disabled={!model.online} onClick={() => navigate(chatLink(model.key))}>
          {T.startChat}
        </Button>
        <Link to={`/modelDetail?key=${encodeURIComponent(model.key)}`}>{T.detail}</Link>
      </div>
    </div>
  );
}

export function ModelGrid({ models }: { models: readonly ModelEntry[] }) {
  return (
    <div className={styles.modelGrid}>
      {models.map((m) => (
        <ModelCard key={m.key} model={m} />
      ))}
    </div>
  );
}
