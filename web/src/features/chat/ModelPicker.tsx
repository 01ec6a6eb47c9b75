import { useDeferredValue, useMemo, useState } from 'react';
import { Empty, Input, Modal, Segmented, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { MSG, type ModelEntry, type ModelGroup } from '@wanxiang/contract';
import { CustomModelsEmpty } from './menu/CustomModelsEmpty';
import { CustomModelsBar } from '../providers/CustomModelsBar';
import { ModelCard } from './menu/ModelCard';
import {
  ALL_GROUPS,
  CURATED_TAB,
  CUSTOM_TAB,
  customModels,
  distinctByLabel,
  filterMenuModels,
  initialMenuTab,
  menuModels,
  type MenuTab,
} from './menu/menu-data';
import { matchesModel, modelsOfGroup } from '../../stores/chat-catalog';
import styles from './menu/menu.module.css';

export interface ModelPickerProps {
  open: boolean;
  current: string;
  groups: ModelGroup[];
  byKey: Record<string, ModelEntry>;
  list: ModelEntry[];
  onPick: (key: string) => void;
  onClose: () => void;
  mobile: boolean;
}

/**
 * The 'More' modal (docs/product/chat.md §2): the curated / custom cloud tab, a model search and a group
 * filter over every group of the menu. Mounted only while open, so each opening starts fresh.
 */
export function ModelPicker(props: ModelPickerProps) {
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      footer={null}
      // Opened by the switch-model button, the 'more' tile and the drawer: named for what it does.
      title={MSG.chatSwitchModel}
      width={props.mobile ? '100%' : 920}
      centered
      destroyOnHidden
      className={styles.modal}
    >
      <PickerBody {...props} />
    </Modal>
  );
}

function PickerBody({ current, groups, byKey, list, onPick, mobile }: ModelPickerProps) {
  const custom = useMemo(() => customModels(list), [list]);
  const [tab, setTab] = useState<MenuTab>(() => initialMenuTab(custom.length));
  const [group, setGroup] = useState(ALL_GROUPS);
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query);

  const all = useMemo(() => menuModels(groups, byKey), [groups, byKey]);
  const models = useMemo(
    () => (tab === CUSTOM_TAB ? custom.filter((m) => matchesModel(m, q)) : filterMenuModels({ groups, byKey, group, query: q, current })),
    [tab, custom, groups, byKey, group, q, current],
  );
  const groupOptions = useMemo(
    () => [
      { value: ALL_GROUPS, label: MSG.menuAllGroups, count: distinctByLabel(all).length },
      ...groups.map((g) => ({ value: g.key, label: g.label, count: distinctByLabel(modelsOfGroup(g, byKey)).length })),
    ],
    [groups, byKey, all],
  );

  const tabs = [
    { value: CURATED_TAB, label: MSG.menuTabCurated },
    { value: CUSTOM_TAB, label: custom.length > 0 ? `${MSG.menuTabCustom} ${custom.length}` : MSG.menuTabCustom },
  ];
  const curated = tab === CURATED_TAB;

  return (
    <div className={styles.picker} data-testid="model-picker">
      <div className={styles.pickerBar}>
        <Segmented value={tab} onChange={(v) => setTab(v as MenuTab)} options={tabs} block={mobile} className={styles.pickerTabs} />
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={MSG.chatSearchModel}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className={styles.pickerSearch}
        />
        {curated && mobile && (
          <Select
            value={group}
            onChange={setGroup}
            options={groupOptions.map((o) => ({ value: o.value, label: `${o.label}（${o.count}）` }))}
            aria-label={MSG.menuAllGroups}
            className={styles.pickerGroupSelect}
          />
        )}
      </div>
      <div className={styles.pickerMain}>
        {curated && !mobile && (
          <nav className={styles.groupList} aria-label={MSG.menuAllGroups}>
            {groupOptions.map((o) => (
              <button
                key={o.value}
                type="button"
                data-testid="menu-group"
                aria-pressed={group === o.value}
                className={`${styles.groupItem} ${group === o.value ? styles.groupItemActive : ''}`}
                onClick={() => setGroup(o.value)}
              >
                <span>{o.label}</span>
                <span className={styles.groupCount}>{o.count}</span>
              </button>
            ))}
          </nav>
        )}
        <div className={styles.pickerList}>
          {!curated && <CustomModelsBar mobile={mobile} count={custom.length} />}
          {!curated && custom.length === 0 ? (
            <CustomModelsEmpty onGoCurated={() => setTab(CURATED_TAB)} />
          ) : models.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.chatNoModelFound} />
          ) : (
            <div className={styles.grid} role="listbox" aria-label={MSG.menuMoreTitle}>
              {models.map((m) => (
                <ModelCard key={m.key} model={m} current={m.key === current} onPick={onPick} />
              ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
