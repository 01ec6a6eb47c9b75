import { memo, useMemo, useState } from 'react';
import { App, Button, Empty, Input, Switch, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { MSG, type ModelEntry } from '@wanxiang/contract';
import { BATTLE_SIDEBAR_MAX, useBattleStore, type BattleSession } from '../../stores/battle';
import { ModelIcon } from '../chat/ModelIcon';
import { filterModels, toggleModel } from './battle-rules';
import styles from './battle.module.css';

export interface BattlePanelProps {
  session: BattleSession;
  candidates: ModelEntry[];
  loggedIn: boolean;
  onReset: () => void;
  onNew: () => void;
  onOpen: (id: string) => void;
  onDelete: (id: string) => void;
  onModelsChange: (models: string[]) => void;
  onMultiTurnChange: (on: boolean) => void;
}

/**
 * The 模型对抗 panel (docs/product/battle.md §2): model search, one switch per comparison model (at most 4 on),
 * reset, the multi-turn switch, and the newest comparison sessions (at most 6).
 */
export const BattlePanel = memo(function BattlePanel(props: BattlePanelProps) {
  const { session, candidates, loggedIn, onReset, onNew, onOpen, onDelete, onModelsChange, onMultiTurnChange } = props;
  const { message } = App.useApp();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterModels(candidates, query), [candidates, query]);
  const sessions = useBattleStore((s) => s.sessions);
  const currentId = useBattleStore((s) => s.currentId);
  const recent = useMemo(() => [...sessions].sort((a, b) => b.dateTime - a.dateTime).slice(0, BATTLE_SIDEBAR_MAX), [sessions]);

  const toggle = (key: string, on: boolean) => {
    const res = toggleModel(session.models, key, on);
    if (!res.ok) {
      void message.warning(res.msg);
      return;
    }
    onModelsChange(res.models);
  };

  return (
    <div className={styles.panel} data-testid="battle-panel">
      <div className={styles.panelHead}>
        <div>
          <div className={styles.panelTitle}>{MSG.battleTitle}</div>
          <div className={styles.panelSub}>{MSG.battleSubtitle}</div>
        </div>
        <Tooltip title={MSG.battleReset}>
          <Button size="small" icon={<ReloadOutlined />} onClick={onReset} data-testid="battle-reset">
            {MSG.battleReset}
          </Button>
        </Tooltip>
      </div>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={MSG.chatSearchModel}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="battle-search"
      />
      <div className={styles.modelList}>
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.chatNoModelFound} />
        ) : (
          shown.map((m) => {
            const on = session.models.includes(m.key);
            return (
              <label key={m.key} className={`${styles.modelRow} ${on ? styles.modelRowOn : ''}`} data-testid={`battle-model-${m.key}`}>
                <ModelIcon model={m} size={22} />
                <span className={styles.modelName}>{m.label}</span>
                <Switch size="small" checked={on} onChange={(v) => toggle(m.key, v)} aria-label={m.label} />
              </label>
            );
          })
        )}
      </div>
      <label className={styles.multiTurn}>
        <span>{MSG.battleMultiTurn}</span>
        <Switch size="small" checked={session.multiTurn} onChange={onMultiTurnChange} data-testid="battle-multi-turn" />
      </label>
      <div className={styles.sessionsHead}>
        <span>{MSG.battleSessions}</span>
        <Button type="text" size="small" icon={<PlusOutlined />} onClick={onNew} data-testid="battle-new">
          {MSG.battleNew}
        </Button>
      </div>
      <ul className={styles.sessions} data-testid="battle-sessions">
        {recent.length === 0 && <li className={styles.noSessions}>{MSG.battleNoSessions}</li>}
        {recent.map((s) => (
          <li
            key={s.id}
            className={`${styles.sessionRow} ${s.id === currentId ? styles.sessionRowOn : ''}`}
            onClick={() => onOpen(s.id)}
            data-testid="battle-session"
          >
            <span className={styles.sessionName}>{s.name}</span>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={MSG.chatDelete}
              onClick={(e) => {
                e.stopPropagation();
                onDelete(s.id);
              }}
            />
          </li>
        ))}
      </ul>
      {!loggedIn && <div className={styles.localOnly}>{MSG.battleLocalOnly}</div>}
    </div>
  );
});
