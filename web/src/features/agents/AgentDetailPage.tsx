import { useEffect, useState } from 'react';
import { Button, Descriptions, Empty, Space, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { AGENT_CLASSIFIES, MSG, type AgentItem } from '@wanxiang/contract';
import { agentInfo, toggleCollect } from '../../api/agents';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { AgentIcon } from './AgentIcon';
import styles from './agents.module.css';

/** /customAgent/systemAgentDetail?id= and /customDetail/index?id=: one agent, with chat and collect. */
export default function AgentDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => !!s.user);
  const id = params.get('id') ?? params.get('sn') ?? '';
  const [agent, setAgent] = useState<AgentItem | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!id) return setMissing(true);
    agentInfo(id)
      .then(setAgent)
      .catch(() => setMissing(true));
  }, [id, loggedIn]);

  if (missing) return <Empty style={{ marginTop: 80 }} description={MSG.agentsNotFound} />;
  if (!agent) return null;
  const collect = async () => {
    if (!loggedIn) return openLoginDialog();
    const r = await toggleCollect(agent.id).catch(() => null);
    if (r) setAgent({ ...agent, collected: r.collected });
  };
  return (
    <div className={styles.form}>
      <Space align="center" size={16} style={{ marginBottom: 16 }}>
        <AgentIcon icon={agent.icon} size={64} />
        <div>
          <h1 className={styles.squareTitle}>{agent.name}</h1>
          <p className={styles.subtitle}>{agent.description}</p>
        </div>
      </Space>
      <Descriptions column={1} bordered size="small" title={MSG.agentsDetailTitle}>
        <Descriptions.Item label={MSG.agentsFormClassify}>{AGENT_CLASSIFIES.find((c) => c.key === agent.classify)?.label ?? agent.classify}</Descriptions.Item>
        <Descriptions.Item label={MSG.agentsDetailModel}>{agent.model}</Descriptions.Item>
        <Descriptions.Item label={MSG.agentsDetailTools}>{agent.tools.length ? agent.tools.map((t) => <Tag key={t}>{t}</Tag>) : '-'}</Descriptions.Item>
        {agent.prompt ? <Descriptions.Item label={MSG.agentsDetailPrompt}>{agent.prompt}</Descriptions.Item> : null}
      </Descriptions>
      <Space style={{ marginTop: 16 }} wrap>
        <Button type="primary" onClick={() => navigate(`/aiAgent?type=chat&id=${agent.id}`)}>
          {MSG.agentsStartChat}
        </Button>
        <Button onClick={() => void collect()}>{agent.collected ? MSG.agentsUncollect : MSG.agentsCollect}</Button>
        <Button onClick={() => navigate(-1)}>{MSG.agentsBack}</Button>
      </Space>
    </div>
  );
}
