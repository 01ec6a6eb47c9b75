import { useEffect, useMemo, useState } from 'react';
import { Button, Drawer } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG, type AgentItem } from '@wanxiang/contract';
import { listSystemAgents } from '../../api/agents';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useAgentsStore, type AgentMenuItem } from '../../stores/agents';
import { AgentChat, type PendingFile } from './AgentChat';
import { AgentMenu } from './AgentMenu';
import { AgentSquare } from './AgentSquare';
import styles from './agents.module.css';

/** /aiAgent?type=index (the square) and /aiAgent?type=chat&id=X (a chat), beside the agent menu (4.7). */
export default function AgentsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [system, setSystem] = useState<AgentItem[]>([]);
  const [menuOpen, setMenuOpen] = useState(false);
  const type = params.get('type') === 'chat' ? 'chat' : 'index';
  const id = params.get('id') ?? '';
  const fileId = params.get('file');
  const fileName = params.get('fname');
  const initialFile = useMemo<PendingFile | undefined>(() => (fileId ? { id: fileId, name: fileName || fileId } : undefined), [fileId, fileName]);

  useEffect(() => {
    listSystemAgents()
      .then((list) => {
        setSystem(list);
        useAgentsStore.getState().syncMenu(list);
      })
      .catch(() => setSystem([]));
  }, []);
  useEffect(() => {
    if (type === 'chat' && id) useAgentsStore.getState().use(id);
  }, [type, id]);

  const home = system.find((a) => a.name === '智能体首页');
  const squareAgents = system.filter((a) => a !== home);
  const openItem = (item: AgentMenuItem) => {
    setMenuOpen(false);
    navigate(item.type === 'index' ? '/aiAgent?type=index' : `/aiAgent?type=chat&id=${item.key}`);
  };
  const openAgent = (a: AgentItem) => navigate(`/aiAgent?type=chat&id=${a.id}`);
  const activeKey = type === 'index' ? 'index' : id;

  return (
    <div className={styles.layout}>
      {mobile ? null : <AgentMenu activeKey={activeKey} onOpen={openItem} />}
      {mobile ? (
        <>
          <div style={{ padding: '8px 12px', background: '#fff' }}>
            <Button icon={<MenuOutlined />} onClick={() => setMenuOpen(true)}>
              {MSG.agentsMenuAll}
            </Button>
          </div>
          <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} placement="left" size="70vw" title={MSG.agentsMenuAll}>
            <AgentMenu activeKey={activeKey} onOpen={openItem} inDrawer />
          </Drawer>
        </>
      ) : null}
      <main className={styles.main}>{type === 'chat' && id ? <AgentChat agentId={id} initialFile={initialFile} /> : <AgentSquare system={squareAgents} onOpen={openAgent} />}</main>
    </div>
  );
}

