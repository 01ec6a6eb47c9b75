import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Input, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { AGENT_CLASSIFIES, MSG, type AgentItem } from '@wanxiang/contract';
import { myAgents, publicAgents } from '../../api/agents';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { AgentCard } from './AgentCard';
import styles from './agents.module.css';

const classLabel = (key: string) => AGENT_CLASSIFIES.find((c) => c.key === key)?.label ?? key;

/** The agent square (/aiAgent?type=index): system agents by category, community agents, mine, with search. */
export function AgentSquare({ system, onOpen }: { system: AgentItem[]; onOpen: (a: AgentItem) => void }) {
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => !!s.user);
  const [keyword, setKeyword] = useState('');
  const [publics, setPublics] = useState<AgentItem[]>([]);
  const [mine, setMine] = useState<AgentItem[]>([]);

  useEffect(() => {
    const t = setTimeout(() => {
      publicAgents(keyword.trim())
        .then((r) => setPublics(r.list))
        .catch(() => setPublics([]));
    }, 300);
    return () => clearTimeout(t);
  }, [keyword]);
  useEffect(() => {
    if (!loggedIn) return setMine([]);
    myAgents()
      .then((r) => setMine(r.list))
      .catch(() => setMine([]));
  }, [loggedIn]);

  const q = keyword.trim().toLowerCase();
  const match = (a: AgentItem) => !q || a.name.toLowerCase().includes(q) || a.description.toLowerCase().includes(q);
  const byClass = useMemo(() => {
    const groups = new Map<string, AgentItem[]>();
    for (const a of system.filter(match)) groups.set(a.classify, [...(groups.get(a.classify) ?? []), a]);
    return [...groups.entries()];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [system, q]);

  const grid = (list: AgentItem[]) =>
    list.length === 0 ? (
      <Empty description={MSG.agentsEmpty} />
    ) : (
      <div className={styles.grid}>
        {list.map((a) => (
          <AgentCard key={a.id} agent={a} onOpen={onOpen} />
        ))}
      </div>
    );

  const create = () => (loggedIn ? navigate('/customAgent/create') : openLoginDialog());
  return (
    <div className={styles.square}>
      <div className={styles.squareHead}>
        <div>
          <h1 className={styles.squareTitle}>{MSG.agentsSquareTitle}</h1>
          <p className={styles.subtitle}>{MSG.agentsSquareSubtitle}</p>
        </div>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Input.Search allowClear placeholder={MSG.agentsSearchPlaceholder} value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ width: 240 }} />
          <Button onClick={() => navigate('/customAgent/index')}>{MSG.agentsMineTab}</Button>
          <Button type="primary" onClick={create}>
            {MSG.agentsCreate}
          </Button>
        </div>
      </div>
      <Tabs
        items={[
          {
            key: 'system',
            label: MSG.agentsSystemTab,
            children:
              byClass.length === 0 ? (
                <Empty description={MSG.agentsEmpty} />
              ) : (
                byClass.map(([cls, list]) => (
                  <section key={cls}>
                    <h2 className={styles.classTitle}>{classLabel(cls)}</h2>
                    {grid(list)}
                  </section>
                ))
              ),
          },
          { key: 'public', label: MSG.agentsPublicTab, children: grid(publics) },
          ...(loggedIn ? [{ key: 'mine', label: MSG.agentsMineTab, children: grid(mine.filter(match)) }] : []),
        ]}
      />
    </div>
  );
}
