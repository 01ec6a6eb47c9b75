import { useEffect } from 'react';
import { Typography } from 'antd';
import { MSG } from '@wanxiang/contract';
import { useChatStore } from '../../stores/chat';
import { PersonaAvatar } from './PersonaAvatar';
import { usePersonaCache } from './persona-cache';
import styles from './personas.module.css';

/** Shown at the top of a chat that a persona leads: its picture and title. */
export function PersonaHeader() {
  const personaId = useChatStore((s) => s.sessions.find((x) => x.id === s.currentId)?.personaId);
  const persona = usePersonaCache((s) => (personaId ? s.byId[personaId] : undefined));

  useEffect(() => {
    if (personaId) void usePersonaCache.getState().ensure(personaId);
  }, [personaId]);

  if (!personaId || !persona) return null;
  return (
    <div className={styles.header} data-testid="persona-header">
      <PersonaAvatar persona={persona} size={28} />
      <span className={styles.headerTitle}>{persona.title}</span>
      <Typography.Text type="secondary" className={styles.headerHint}>
        {MSG.personaChattingWith}
      </Typography.Text>
    </div>
  );
}
