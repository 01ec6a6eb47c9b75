import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Drawer } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { MSG, type ModelEntry, type ModelGroup } from '@wanxiang/contract';
import { modelsOfGroup, useModelMenus } from '../../../stores/chat-catalog';
import { ModelCard } from '../menu/ModelCard';
import { distinctByLabel } from '../menu/menu-data';
import styles from './mobile.module.css';

export interface MobileModelDrawerProps {
  open: boolean;
  current: string;
  groups: ModelGroup[];
  byKey: Record<string, ModelEntry>;
  onPick: (key: string) => boolean;
  onClose: () => void;
}

/** Mobile (docs/product/chat.md §2): the left drawer of models, groups on the left, the group's models beside. */
export function MobileModelDrawer({ open, current, groups, byKey, onPick, onClose }: MobileModelDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size="88vw"
      title={MSG.mobileModelsTitle}
      extra={
        <Button size="small" type="text" icon={<AppstoreOutlined />} onClick={() => useModelMenus.getState().openMore()}>
          {MSG.menuMoreTitle}
        </Button>
      }
      styles={{ body: { padding: 0 } }}
      destroyOnHidden
    >
      <DrawerBody current={current} groups={groups} byKey={byKey} onPick={onPick} />
    </Drawer>
  );
}

function DrawerBody({ current, groups, byKey, onPick }: Pick<MobileModelDrawerProps, 'current' | 'groups' | 'byKey' | 'onPick'>) {
  // Open on the group that holds the current model, so the user sees where they are.
  const [group, setGroup] = useState(() => groups.find((g) => g.key !== 'recommend' && g.models.includes(current))?.key ?? groups[0]?.key);
  // The active group may be far down the list (综合常规, 图片理解…): bring it into view on open.
  const activeGroup = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    activeGroup.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const models = useMemo(() => {
    const g = groups.find((x) => x.key === group);
    return g ? distinctByLabel(modelsOfGroup(g, byKey), current) : [];
  }, [groups, byKey, group, current]);
  return (
    <div className={styles.drawerBody} data-testid="mobile-model-drawer">
      <nav className={styles.drawerGroups} aria-label={MSG.mobileModelsTitle}>
        {groups.map((g) => (
          <button
            key={g.key}
            ref={g.key === group ? activeGroup : undefined}
            type="button"
            aria-pressed={g.key === group}
            className={`${styles.drawerGroup} ${g.key === group ? styles.drawerGroupActive : ''}`}
            onClick={() => setGroup(g.key)}
          >
            {g.label}
          </button>
        ))}
      </nav>
      <div className={styles.drawerModels} role="listbox" aria-label={groups.find((g) => g.key === group)?.label}>
        {models.map((m) => (
          <ModelCard key={m.key} model={m} current={m.key === current} onPick={onPick} compact />
        ))}
      </div>
    </div>
  );
}
