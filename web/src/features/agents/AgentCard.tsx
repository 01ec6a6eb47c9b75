import type { ReactNode } from 'react';
import { Card, Tag } from 'antd';
import type { AgentItem } from '@wanxiang/contract';
import { MSG } from '@wanxiang/contract';
import { AgentIcon } from './AgentIcon';
import styles from './agents.module.css';

/** One agent in a grid: icon, name, description; `actions` sit under it. */
export function AgentCard({ agent, onOpen, actions }: { agent: AgentItem; onOpen: (a: AgentItem) => void; actions?: ReactNode[] }) {
  return (
    <Card className={styles.card} hoverable size="small" onClick={() => onOpen(agent)} actions={actions} data-testid="agent-card">
      <div className={styles.cardHead}>
        <AgentIcon icon={agent.icon} />
        <div style={{ minWidth: 0 }}>
          <div className={styles.cardName}>{agent.name}</div>
          {agent.kind === 'user' && agent.uses !== undefined ? <Tag>{MSG.agentsUses(agent.uses)}</Tag> : null}
          {agent.new ? <Tag color="red">new</Tag> : null}
        </div>
      </div>
      <div className={styles.cardDesc}>{agent.description}</div>
    </Card>
  );
}
