import { memo } from 'react';
import { Tag } from 'antd';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import { ModelIcon } from '../ModelIcon';
import { modelTags } from '../ModelTags';
import styles from './menu.module.css';

export interface ModelCardProps {
  model: ModelEntry;
  current: boolean;
  onPick: (key: string) => void;
  /** Compact row (mobile drawer) instead of a card. */
  compact?: boolean;
}

/** One model in a menu: icon, name, tags, a line of description; offline ones stay visible, greyed. */
export const ModelCard = memo(function ModelCard({ model, current, onPick, compact = false }: ModelCardProps) {
  const tags = modelTags(model).slice(0, compact ? 2 : 3);
  return (
    <button
      type="button"
      role="option"
      aria-selected={current}
      data-testid="model-card"
      data-key={model.key}
      className={`${styles.card} ${compact ? styles.cardCompact : ''} ${current ? styles.cardActive : ''} ${model.online ? '' : styles.cardOffline}`}
      onClick={() => onPick(model.key)}
    >
      <ModelIcon model={model} size={compact ? 28 : 36} />
      <span className={styles.cardText}>
        <span className={styles.cardName}>
          <span className={styles.cardLabel}>{model.label}</span>
          {current && (
            <Tag color="blue" bordered={false} className={styles.cardMark}>
              {MSG.menuCurrentTag}
            </Tag>
          )}
          {!model.online && (
            <Tag bordered={false} className={styles.cardMark}>
              {MSG.menuOfflineTag}
            </Tag>
          )}
        </span>
        {!compact && <span className={styles.cardDesc}>{model.desc}</span>}
        {tags.length > 0 && <span className={styles.cardTags}>{tags.join(' · ')}</span>}
      </span>
    </button>
  );
});
