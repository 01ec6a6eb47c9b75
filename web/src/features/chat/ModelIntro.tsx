import { useMemo } from 'react';
import { Tag } from 'antd';
import { AppstoreOutlined, BulbOutlined, EditOutlined, ThunderboltFilled } from '@ant-design/icons';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import { useCatalogStore, useModelMenus } from '../../stores/chat-catalog';
import { menuModels, recommendedTiles } from './menu/menu-data';
import { ModelIcon } from './ModelIcon';
import { ModelTags } from './ModelTags';
import styles from './chat.module.css';
import menuStyles from './menu/menu.module.css';

export interface ModelIntroProps {
  model: ModelEntry | undefined;
  recommended: ModelEntry[];
  onAsk: (question: string) => void;
  onPickModel: (key: string) => void;
  mobile: boolean;
}

/** The empty chat: the model's card, a points badge, recommended models and example questions. */
export function ModelIntro({ model, recommended, onAsk, onPickModel, mobile }: ModelIntroProps) {
  const groups = useCatalogStore((s) => s.groups);
  const byKey = useCatalogStore((s) => s.byKey);
  const all = useMemo(() => menuModels(groups, byKey), [groups, byKey]);
  const grid = recommendedTiles(recommended, all, model?.key ?? '', mobile);
  return (
    <div className={styles.intro} data-testid="model-intro">
      <div className={styles.introCard}>
        <ModelIcon model={model} size={56} />
        <div className={styles.introText}>
          <div className={styles.introName}>
            {model?.label}
            {model && model.consume_points > 0 && (
              <Tag color="orange" icon={<ThunderboltFilled />} className={styles.pointsBadge}>
                {MSG.chatPointsBadge(model.consume_points)}
              </Tag>
            )}
          </div>
          {model && (
            <div className={styles.introTags}>
              <ModelTags model={model} />
            </div>
          )}
          <div className={styles.introDesc}>{model?.description || model?.desc}</div>
        </div>
      </div>

      <RecommendedGrid grid={grid} mobile={mobile} onPickModel={onPickModel} />

      <div className={styles.examples}>
        <ExampleGroup icon={<BulbOutlined />} title={MSG.chatExamplesQaTitle} items={MSG.chatExamplesQa} onAsk={onAsk} />
        <ExampleGroup icon={<EditOutlined />} title={MSG.chatExamplesCreateTitle} items={MSG.chatExamplesCreate} onAsk={onAsk} />
      </div>
    </div>
  );
}

function RecommendedGrid(props: { grid: ReturnType<typeof recommendedTiles>; mobile: boolean; onPickModel: (key: string) => void }) {
  const { grid, mobile, onPickModel } = props;
  const openMore = useModelMenus((s) => s.openMore);
  if (grid.tiles.length === 0) return null;
  return (
    <div className={menuStyles.recommend} data-testid="recommended-grid">
      <div className={menuStyles.recommendTitle}>{MSG.menuRecommendTitle}</div>
      <div className={`${menuStyles.recommendGrid} ${mobile ? menuStyles.recommendGridMobile : ''}`}>
        {grid.tiles.map((m) => (
          <button key={m.key} type="button" className={menuStyles.tile} data-testid="recommended-model" onClick={() => onPickModel(m.key)}>
            <ModelIcon model={m} size={28} />
            <span className={menuStyles.tileName}>{m.label}</span>
          </button>
        ))}
        <button type="button" className={menuStyles.tile} data-testid="recommended-more" onClick={openMore}>
          <span className={menuStyles.tileMoreIcon}>
            <AppstoreOutlined />
          </span>
          <span className={menuStyles.tileName}>{MSG.menuMoreTile}</span>
          {grid.showCount && <span className={menuStyles.tileCount}>{MSG.menuMoreCount(grid.moreCount)}</span>}
        </button>
      </div>
    </div>
  );
}

function ExampleGroup(props: { icon: React.ReactNode; title: string; items: readonly string[]; onAsk: (q: string) => void }) {
  return (
    <div className={styles.exampleGroup}>
      <div className={styles.exampleTitle}>
        {props.icon} {props.title}
      </div>
      {props.items.map((q) => (
        <button key={q} type="button" className={styles.example} onClick={() => props.onAsk(q)}>
          {q}
        </button>
      ))}
    </div>
  );
}
