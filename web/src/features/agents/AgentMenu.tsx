import { Dropdown, type MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { feedback } from '../../components/feedback/holder';
import { useAgentsStore, type AgentMenuItem, type MoveResult } from '../../stores/agents';
import { AgentIcon } from './AgentIcon';
import styles from './agents.module.css';

/** A move's warning when the item is already at the end it was asked to go to (4.7). */
function warnMove(result: MoveResult): void {
  if (result === 'top') feedback().warn(MSG.agentsMenuAlreadyTop);
  if (result === 'bottom') feedback().warn(MSG.agentsMenuAlreadyBottom);
}

/**
 * The agent menu (4.7): home first, then 最近使用, then every agent in the user's order; each
 * agent has up / down / top / delete / add-to-recent actions; a red dot marks a new one.
 */
export function AgentMenu({ activeKey, onOpen, inDrawer = false }: { activeKey: string; onOpen: (item: AgentMenuItem) => void; inDrawer?: boolean }) {
  const list = useAgentsStore((s) => s.agentMenuList);
  const recentKeys = useAgentsStore((s) => s.recent);
  const store = useAgentsStore.getState;
  const recent = recentKeys.map((k) => list.find((x) => x.key === k)).filter((x): x is AgentMenuItem => !!x);

  const actions = (item: AgentMenuItem): MenuProps => ({
    items: [
      { key: 'up', label: MSG.agentsMenuUp },
      { key: 'down', label: MSG.agentsMenuDown },
      { key: 'top', label: MSG.agentsMenuTop },
      { key: 'recent', label: MSG.agentsMenuAddRecent },
      { key: 'delete', label: MSG.agentsMenuDelete, danger: true },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'up') warnMove(store().moveUp(item.key));
      else if (key === 'down') warnMove(store().moveDown(item.key));
      else if (key === 'top') warnMove(store().toTop(item.key));
      else if (key === 'recent') {
        store().addRecent(item.key);
        feedback().success(MSG.agentsMenuAddedRecent);
      } else if (key === 'delete') {
        store().remove(item.key);
        feedback().success(MSG.agentsMenuDeleted);
      }
    },
  });

  const row = (item: AgentMenuItem, group: string) => (
    <div
      key={`${group}-${item.key}`}
      className={`${styles.menuItem} ${item.key === activeKey ? styles.menuItemActive : ''}`}
      onClick={() => onOpen(item)}
      data-testid={`agent-menu-${group}`}
      data-key={item.key}
    >
      <AgentIcon icon={item.icon} size={24} />
      <span className={styles.menuLabel}>{item.label}</span>
      {item.new ? <span className={styles.newDot} aria-label="new" data-testid="agent-new-dot" /> : null}
      {item.type === 'chat' ? (
        <Dropdown menu={actions(item)} trigger={['click']}>
          <MoreOutlined onClick={(e) => e.stopPropagation()} data-testid="agent-menu-more" aria-label="more" />
        </Dropdown>
      ) : null}
    </div>
  );

  const home = list.filter((x) => x.type === 'index');
  const agents = list.filter((x) => x.type === 'chat');
  return (
    <nav className={inDrawer ? styles.menuDrawer : styles.menu} aria-label={MSG.agentsMenuAll}>
      {home.map((x) => row(x, 'home'))}
      {recent.length > 0 ? <div className={styles.menuGroup}>{MSG.agentsMenuRecent}</div> : null}
      {recent.map((x) => row(x, 'recent'))}
      <div className={styles.menuGroup}>{MSG.agentsMenuAll}</div>
      {agents.map((x) => row(x, 'all'))}
    </nav>
  );
}
