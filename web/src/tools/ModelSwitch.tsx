import { useEffect, useMemo } from 'react';
import { Select } from 'antd';
import { MSG, PROMPT_TOOL_MODELS, type ModelEntry } from '@wanxiang/contract';
import { useCatalogStore } from '../stores/chat-catalog';
import styles from './tools.module.css';

/** The models a prompt tool may answer with (the registry's list, which the server enforces), in its order, as the catalog names them. */
export function switchableModels(byKey: Readonly<Record<string, ModelEntry>>): ModelEntry[] {
  return PROMPT_TOOL_MODELS.map((k) => byKey[k]).filter((m): m is ModelEntry => m !== undefined && m.online);
}

/** The model switch of a prompt tool (modelSwitch): '' keeps the tool's own default model. */
export function ModelSwitch({ value, onChange, disabled }: { value: string; onChange: (key: string) => void; disabled: boolean }) {
  const byKey = useCatalogStore((s) => s.byKey);
  const status = useCatalogStore((s) => s.status);
  useEffect(() => {
    void useCatalogStore.getState().load();
  }, []);
  const options = useMemo(
    () => [{ value: '', label: MSG.toolFormModelDefault }, ...switchableModels(byKey).map((m) => ({ value: m.key, label: m.label }))],
    [byKey],
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
