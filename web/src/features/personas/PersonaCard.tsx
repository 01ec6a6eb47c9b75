import { memo } from 'react';
import { Button, Tag, Typography } from 'antd';
import { MSG, PERSONA_STATUS, personaStatusView, type PersonaItem } from '@wanxiang/contract';
import { PersonaAvatar } from './PersonaAvatar';
import styles from './personas.module.css';

interface Props {
  persona: PersonaItem;
  onView(p: PersonaItem): void;
  onStart(p: PersonaItem): void;
}

/**
 * One persona in the list: pending ones show an orange tag, refused ones red, and a refused one of the caller's own shows
 * the review's reason (the server sends it to the author only).
 */
export const PersonaCard = memo(function PersonaCard({ persona, onView, onStart }: Props) {
  const status = personaStatusView(persona.status);
  const approved = persona.status === PERSONA_STATUS.approved;
  const refusedReason = persona.mine && !approved && persona.status !== PERSONA_STATUS.pending ? persona.reviewReason : '';
  return (
    <div className={styles.card} data-testid="persona-card">
      <PersonaAvatar persona={persona} />
      <div className={styles.cardMain}>
        <div className={styles.cardHead}>
          <span className={styles.cardTitle}>{persona.title}</span>
          {!approved && (
            <Tag color={status.color} data-testid="persona-status" data-color={status.color}>
              {status.label}
            </Tag>
          )}
          {persona.mine ? <Tag>{MSG.personaMine}</Tag> : persona.user === null ? <Tag color="blue">{MSG.personaBuiltin}</Tag> : null}
        </div>
        <Typography.Paragraph className={styles.cardDesc} type="secondary" ellipsis={{ rows: 2 }}>
          {persona.description || persona.context[0]?.content}
        </Typography.Paragraph>
        {refusedReason && (
          <Typography.Text type="danger" className={styles.cardReason} data-testid="persona-review-reason">
            {MSG.personaRefusedReason(refusedReason)}
          </Typography.Text>
        )}
        <div className={styles.cardActions}>
          <Button size="small" onClick={() => onView(persona)}>
            {MSG.personaView}
          </Button>
          <Button size="small" type="primary" onClick={() => onStart(persona)}>
            {MSG.personaStartChat}
          </Button>
        </div>
      </div>
    </div>
  );
});
