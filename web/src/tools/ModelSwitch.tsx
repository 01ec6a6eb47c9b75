import { useEffect, useMemo } from 'react';
import { Select } from 'antd';
import { MSG, agentModelUsable, type ModelEntry } from '@wanxiang/contract';
import { useCatalogStore } from '../stores/chat-catalog';
import styles from './tools.module.css';

/** Text chat models of the catalog a tool may answer with: online, text in and out, not a hub. */
export function textModels(list: readonly ModelEntry[]): ModelEntry[] {
  return list.filter((m) => agentModelUsable(m) && m.resloveType !== 'agent');
}

/** The model switch of a prompt tool (modelSwitch): '' keeps the tool's own default model. */
export function ModelSwitch({ value, onChange, disabled }: { value: string; onChange: (key: string) => void; disabled: boolean }) {
  const list = useCatalogStore((s) => s.list);
  const status = useCatalogStore((s) => s.status);
  useEffect(() => {
    void useCatalogStore.getState().load();
  }, []);
  const options = useMemo(
    () => [{ value: '', label: MSG.toolFormModelDefault }, ...textModels(list).map((m) => ({ value: m.key, label: m.label }))],
    [list],
  );
  return (
    <div className={styles.field} data-testid="tool-model-switch">
      <label className={styles.label} htmlFor="tool-model">
        {MSG.toolFormModel}
      </label>
      <Select id="tool-model" value={value} options={options} loading={status === 'loading'} disabled={disabled} onChange={onChange} style={{ width: '100%' }} showSearch={{ optionFilterProp: 'label' }} />
    </div>
  );
}
