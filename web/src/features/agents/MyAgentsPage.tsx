import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Popconfirm, Tabs } from 'antd';
import { DeleteOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MSG, type AgentItem } from '@wanxiang/contract';
import { collectList, deleteAgent, myAgents, publicAgents, toggleCollect } from '../../api/agents';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { AgentCard } from './AgentCard';
import styles from './agents.module.css';

/** /customAgent/index: my agents, community agents and my collection, with the collect toggle. */
export default function MyAgentsPage() {
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => !!s.user);
  const [mine, setMine] = useState<AgentItem[]>([]);
  const [publics, setPublics] = useState<AgentItem[]>([]);
  const [collected, setCollected] = useState<AgentItem[]>([]);

  const reload = useCallback(() => {
    publicAgents()
      .then((r) => setPublics(r.list))
      .catch(() => setPublics([]));
    if (!loggedIn) return;
    myAgents()
      .then((r) => setMine(r.list))
      .catch(() => setMine([]));
    collectList()
      .then(setCollected)
      .catch(() => setCollected([]));
  }, [loggedIn]);
  useEffect(reload, [reload]);

  const collectedIds = new Set(collected.map((a) => a.id));
  const open = (a: AgentItem) => navigate(`/customDetail/index?id=${a.id}`);
  const collect = async (a: AgentItem) => {
    if (!loggedIn) return openLoginDialog();
    await toggleCollect(a.id).catch(() => null);
    reload();
  };
  const remove = async (a: AgentItem) => {
    await deleteAgent(a.id).catch(() => null);
    reload();
  };

  const grid = (list: AgentItem[], withDelete = false) =>
    list.length === 0 ? (
      <Empty description={MSG.agentsEmpty} />
    ) : (
      <div className={styles.grid}>
        {list.map((a) => (
          <AgentCard
            key={a.id}
            agent={a}
            onOpen={open}
            actions={[
              <span key="chat" onClick={(e) => (e.stopPropagation(), navigate(`/aiAgent?type=chat&id=${a.id}`))}>
                {MSG.agentsStartChat}
              </span>,
              <span key="collect" data-testid="agent-collect" onClick={(e) => (e.stopPropagation(), void collect(a))}>
                {collectedIds.has(a.id) ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />} {collectedIds.has(a.id) ? MSG.agentsUncollect : MSG.agentsCollect}
              </span>,
              ...(withDelete
                ? [
                    <span key="del" onClick={(e) => e.stopPropagation()}>
                      <Popconfirm title={MSG.agentsDeleteConfirm} onConfirm={() => void remove(a)}>
                        <DeleteOutlined /> {MSG.agentsDelete}
                      </Popconfirm>
                    </span>,
                  ]
                : []),
            ]}
          />
        ))}
      </div>
    );

  return (
    <div className={styles.page}>
      <div className={styles.squareHead}>
        <h1 className={styles.squareTitle}>{MSG.agentsMineTab}</h1>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button onClick={() => navigate('/aiAgent?type=index')}>{MSG.agentsSquareTitle}</Button>
          <Button type="primary" onClick={() => (loggedIn ? navigate('/customAgent/create') : openLoginDialog())}>
            {MSG.agentsCreate}
          </Button>
        </div>
      </div>
      <Tabs
        items={[
          { key: 'mine', label: MSG.agentsMineTab, children: loggedIn ? grid(mine, true) : <Empty description={MSG.agentsLoginToChat} /> },
          { key: 'public', label: MSG.agentsPublicTab, children: grid(publics) },
          { key: 'collect', label: MSG.agentsCollectTab, children: loggedIn ? grid(collected) : <Empty description={MSG.agentsLoginToChat} /> },
        ]}
      />
    </div>
  );
}
