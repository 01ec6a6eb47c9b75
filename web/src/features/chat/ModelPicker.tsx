import { useDeferredValue, useMemo, useState } from 'react';
import { Empty, Input, Modal, Segmented } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { MSG, type ModelEntry, type ModelGroup } from '@wanxiang/contract';
import { matchesModel, modelsOfGroup } from '../../stores/chat-catalog';
import { ModelIcon } from './ModelIcon';
import { modelTags } from './ModelTags';
import styles from './chat.module.css';

export interface ModelPickerProps {
  open: boolean;
  current: string;
  groups: ModelGroup[];
  byKey: Record<string, ModelEntry>;
  onPick: (key: string) => void;
  onClose: () => void;
  mobile: boolean;
}

const ALL = '__all__';

/** The switch-model dialog: group filter, search, and the models as cards. */
export function ModelPicker({ open, current, groups, byKey, onPick, onClose, mobile }: ModelPickerProps) {
  const [group, setGroup] = useState<string>(groups[0]?.key ?? ALL);
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query);

  const models = useMemo(() => {
    if (q.trim()) {
      // Search covers every model, whatever group is selected.
      const seen = new Set<string>();
      return groups.flatMap((g) => modelsOfGroup(g, byKey)).filter((m) => !seen.has(m.key) && seen.add(m.key) && matchesModel(m, q));
    }
    const g = groups.find((x) => x.key === group) ?? groups[0];
    return g ? modelsOfGroup(g, byKey) : [];
  }, [groups, byKey, group, q]);

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={MSG.chatSwitchModel} width={mobile ? '100%' : 760} centered destroyOnHidden>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={MSG.chatSearchModel}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className={styles.pickerSearch}
      />
      {!q.trim() && (
        <div className={styles.pickerGroups}>
          <Segmented value={group} onChange={(v) => setGroup(String(v))} options={groups.map((g) => ({ label: g.label, value: g.key }))} />
        </div>
      )}
      {models.length === 0 ? (
        <Empty description={MSG.chatNoModelFound} />
      ) : (
        <div className={styles.pickerGrid} role="listbox" aria-label={MSG.chatSwitchModel}>
          {models.map((m) => (
            <button
              key={m.key}
              type="button"
              role="option"
              aria-selected={m.key === current}
              className={`${styles.pickerItem} ${m.key === current ? styles.pickerItemActive : ''}`}
              onClick={() => onPick(m.key)}
            >
              <ModelIcon model={m} size={32} />
              <span className={styles.pickerText}>
                <span className={styles.pickerName}>{m.label}</span>
                <span className={styles.pickerDesc}>{m.desc}</span>
                <span className={styles.pickerTags}>{modelTags(m).slice(0, 3).join(' · ')}</span>
              </span>
            </button>
          ))}
        </div>
      )}
    </Modal>
  );
}
