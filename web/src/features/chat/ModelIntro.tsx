import { Tag } from 'antd';
import { BulbOutlined, EditOutlined, ThunderboltFilled } from '@ant-design/icons';
import { LIMITS, MSG, type ModelEntry } from '@wanxiang/contract';
import { ModelIcon } from './ModelIcon';
import { ModelTags } from './ModelTags';
import styles from './chat.module.css';

export interface ModelIntroProps {
  model: ModelEntry | undefined;
  recommended: ModelEntry[];
  onAsk: (question: string) => void;
  onPickModel: (key: string) => void;
  mobile: boolean;
}

/** The empty chat: the model's card, a points badge, recommended models and example questions. */
export function ModelIntro({ model, recommended, onAsk, onPickModel, mobile }: ModelIntroProps) {
  const others = recommended
    .filter((m) => m.key !== model?.key)
    .slice(0, mobile ? LIMITS.recommendedModelsMobile : LIMITS.recommendedModelsDesktop);
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

      <div className={styles.examples}>
        <ExampleGroup icon={<BulbOutlined />} title={MSG.chatExamplesQaTitle} items={MSG.chatExamplesQa} onAsk={onAsk} />
        <ExampleGroup icon={<EditOutlined />} title={MSG.chatExamplesCreateTitle} items={MSG.chatExamplesCreate} onAsk={onAsk} />
      </div>

      {others.length > 0 && (
        <div className={styles.recommend}>
          {others.map((m) => (
            <button key={m.key} type="button" className={styles.recommendItem} onClick={() => onPickModel(m.key)}>
              <ModelIcon model={m} size={24} />
              <span className={styles.recommendName}>{m.label}</span>
            </button>
          ))}
        </div>
      )}
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
