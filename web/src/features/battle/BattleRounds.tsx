import { memo, useEffect, useRef } from 'react';
import { Button, Spin, Tooltip } from 'antd';
import { LikeFilled, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import { Markdown } from '../../components/markdown';
import type { BattleAnswer, BattleRound } from '../../stores/battle';
import { ModelIcon } from '../chat/ModelIcon';
import styles from './battle.module.css';

export interface BattleRoundsProps {
  rounds: BattleRound[];
  modelOf: (key: string) => ModelEntry | undefined;
  mobile: boolean;
  /** Marking the best answer is offered for rounds saved on the server. */
  onPickBest?: (round: BattleRound, model: string) => void;
  /** Continue with this column's answer as a normal chat with its model. */
  onContinue?: (round: BattleRound, model: string) => void;
}

/**
 * The rounds of a comparison: each question, then every model's answer side by side
 * (columns on desktop; on mobile a row of full-width cards to swipe through).
 */
export const BattleRounds = memo(function BattleRounds({ rounds, modelOf, mobile, onPickBest, onContinue }: BattleRoundsProps) {
  const end = useRef<HTMLDivElement>(null);
  const last = rounds.at(-1);
  const lastLength = last ? last.models.reduce((n, m) => n + (last.answers[m]?.message.length ?? 0), 0) : 0;
  // Follow the newest round while it streams.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [rounds.length, lastLength]);

  return (
    <div className={styles.rounds} data-testid="battle-rounds">
      {rounds.map((r) => (
        <section key={r.id} className={styles.round} data-testid="battle-round">
          <div className={styles.question}>{r.question}</div>
          <div
            className={mobile ? styles.columnsSwipe : styles.columns}
            style={mobile ? undefined : { gridTemplateColumns: `repeat(${r.models.length}, minmax(0, 1fr))` }}
          >
            {r.models.map((m) => (
              <AnswerColumn
                key={m}
                answer={r.answers[m]}
                model={modelOf(m)}
                modelKey={m}
                best={r.best === m}
                onPickBest={onPickBest && r.saved ? () => onPickBest(r, m) : undefined}
                onContinue={onContinue ? () => onContinue(r, m) : undefined}
              />
            ))}
          </div>
        </section>
      ))}
      <div ref={end} />
    </div>
  );
});

interface AnswerColumnProps {
  answer: BattleAnswer | undefined;
  model: ModelEntry | undefined;
  modelKey: string;
  best: boolean;
  onPickBest?: () => void;
  onContinue?: () => void;
}

const AnswerColumn = memo(function AnswerColumn({ answer, model, modelKey, best, onPickBest, onContinue }: AnswerColumnProps) {
  const streaming = answer?.state === 'waite';
  return (
    <article
      className={`${styles.column} ${best ? styles.columnBest : ''}`}
      data-testid={`battle-column-${modelKey}`}
      data-state={answer?.state}
    >
      <header className={styles.columnHead}>
        <ModelIcon model={model} size={20} />
        <span className={styles.columnName}>{model?.label ?? modelKey}</span>
        {onPickBest && answer?.state === 'ok' && (
          <Tooltip title={MSG.battleBest}>
            <Button
              type="text"
              size="small"
              icon={best ? <LikeFilled /> : <LikeOutlined />}
              aria-label={MSG.battleBest}
              onClick={onPickBest}
              data-testid="battle-best"
            />
          </Tooltip>
        )}
      </header>
      <div className={styles.columnBody}>
        {answer?.reasoning && <div className={styles.reasoning}>{answer.reasoning}</div>}
        {answer?.message ? <Markdown text={answer.message} streaming={streaming} /> : streaming ? <Spin size="small" /> : null}
        {answer?.state === 'error' && <div className={styles.columnError}>{answer.errorText ?? MSG.retryLater}</div>}
      </div>
      {onContinue && answer?.state === 'ok' && (
        <div className={styles.columnFoot}>
          <Button size="small" icon={<MessageOutlined />} onClick={onContinue} data-testid="battle-continue">
            {MSG.battleContinue}
          </Button>
        </div>
      )}
    </article>
  );
});
