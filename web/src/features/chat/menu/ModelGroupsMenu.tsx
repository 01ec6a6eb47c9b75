import { useMemo, type ReactNode } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { modelsOfGroup, useCatalogStore, useModelMenus } from '../../../stores/chat-catalog';
import { ModelIcon } from '../ModelIcon';
import { distinctByLabel } from './menu-data';
import { usePickModel } from './usePickModel';
import styles from './menu.module.css';

const MORE = '__more__';
/** Item keys are group:model: a model may sit in several groups. */
const SEP = '\u0000';

/**
 * Desktop title bar: the model's name opens the menu of every group (docs/product/chat.md §2 "Chat model
 * menu groups"), each a submenu of its models, then 'More' for search and filters.
 */
export function ModelGroupsMenu({ current, children }: { current: string; children: ReactNode }) {
  const groups = useCatalogStore((s) => s.groups);
  const byKey = useCatalogStore((s) => s.byKey);
  const pick = usePickModel(current);

  const items = useMemo<MenuProps['items']>(
    () => [
      ...groups.map((g) => ({
        key: g.key,
        label: g.label,
        children: distinctByLabel(modelsOfGroup(g, byKey), current).map((m) => ({
          key: `${g.key}${SEP}${m.key}`,
          label: (
            <span className={`${styles.menuModel} ${m.online ? '' : styles.menuOffline}`}>
              <ModelIcon model={m} size={20} />
              {m.label}
              {!m.online && <span className={styles.menuOfflineMark}>{MSG.menuOfflineTag}</span>}
            </span>
          ),
        })),
      })),
      { type: 'divider' as const },
      { key: MORE, icon: <AppstoreOutlined />, label: MSG.menuMoreTitle },
    ],
    [groups, byKey, current],
  );

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === MORE) useModelMenus.getState().openMore();
    else pick(key.slice(key.indexOf(SEP) + 1));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick,
        triggerSubMenuAction: 'click',
        selectable: true,
        selectedKeys: groups.filter((g) => g.models.includes(current)).map((g) => `${g.key}${SEP}${current}`),
      }}
      classNames={{ root: styles.groupsMenu }}
    >
      {children}
    </Dropdown>
  );
}
