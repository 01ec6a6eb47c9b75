import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MSG } from '@wanxiang/contract';
import { hasPromoCookie, setPromoCookie } from './cookies';
import { usePromoSuppressed } from './suppression';
import { useTurn } from './turn';
import styles from './promos.module.css';

/** The agent guide (docs/product/promos.md §4): on /aiAgent pages, once per 7 days (cookie agent_modal). */
export function AgentGuide() {
  const suppressed = usePromoSuppressed(false, 'agent_guide');
  const { pathname } = useLocation();
  const onPage = pathname === '/aiAgent' || pathname.startsWith('/aiAgent/');
  const [want, setWant] = useState(false);

  useEffect(() => {
    if (!suppressed && onPage && !hasPromoCookie('agentModal')) setWant(true);
  }, [suppressed, onPage]);

  const open = useTurn('agentGuide', want && onPage && !suppressed);
  useEffect(() => {
    if (open) setPromoCookie('agentModal');
  }, [open]);

  const close = () => setWant(false);
  return (
    <Modal
      open={open}
      title={MSG.promoAgentTitle}
      centered
      width={440}
      onCancel={close}
      destroyOnHidden
      footer={
        <div className={styles.footer}>
          <Button type="primary" onClick={close}>
            {MSG.promoAgentGo}
          </Button>
        </div>
      }
    >
      <ol className={styles.steps} data-testid="agent-guide">
        {MSG.promoAgentSteps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </Modal>
  );
}
