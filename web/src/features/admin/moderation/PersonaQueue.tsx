import { Avatar, Space, Tag, Typography } from 'antd';
import { ADMIN_MODERATION_MSG as M, MOD_PERSONA_STATUSES, type ModPersonaItem, type ModPersonaStatus } from '@wanxiang/contract';
import { modApprovePersona, modPersonas, modRejectPersona } from '../../../api/admin-moderation';
import { formatTime } from '../format';
import { dialogueLines, modUserLabel, personaActions } from './moderation-view';
import { ModerationQueue, type QueueConfig } from './ModerationQueue';

const COLORS: Record<ModPersonaStatus, string> = { pending: 'gold', approved: 'green', refused: 'red' };

const PERSONAS: QueueConfig<ModPersonaItem, ModPersonaStatus> = {
  name: 'personas',
  statuses: MOD_PERSONA_STATUSES,
  statusNames: M.modPersonaStatusNames,
  initialStatus: 'pending',
  load: modPersonas,
  columns: [
    {
      title: M.modContent,
      render: (_v, p) => (
        <Space align="start">
          <Avatar src={p.avatar || undefined}>{p.emoji || p.title.slice(0, 1)}</Avatar>
          <div style={{ maxWidth: 520 }}>
            <Typography.Text strong>{p.title}</Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              {p.description}
            </Typography.Paragraph>
            {dialogueLines(p.context, M.modRoleNames).map((line, i) => (
              <Typography.Paragraph key={i} style={{ marginBottom: 2, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 3, expandable: true }}>
                {line}
              </Typography.Paragraph>
            ))}
          </div>
        </Space>
      ),
    },
    { title: M.modAuthor, width: 160, render: (_v, p) => (p.author ? modUserLabel(p.author) : '') },
    { title: M.modCreatedAt, dataIndex: 'createdAt', width: 170, responsive: ['lg'], render: (v: string) => formatTime(v) },
    {
      title: M.modStatus,
      width: 160,
      render: (_v, p) => (
        <>
          <Tag color={COLORS[p.status]}>{M.modPersonaStatusNames[p.status]}</Tag>
          {p.reviewReason && <Typography.Paragraph type="danger">{p.reviewReason}</Typography.Paragraph>}
        </>
      ),
    },
  ],
  actions: (p) =>
    personaActions(p.status).map((a) =>
      a === 'approve'
        ? { key: a, label: M.modApprove, testId: `persona-approve-${p.id}`, confirm: M.modConfirmApprove, run: { call: () => modApprovePersona(p.id), doneText: M.modPersonaApproved } }
        : {
            key: a,
            label: M.modReject,
            testId: `persona-reject-${p.id}`,
            danger: true,
            ask: {
              title: `${M.modRejectTitle}：${p.title}`,
              required: true,
              danger: true,
              invalidText: M.modRejectReasonInvalid,
              doneText: M.modPersonaRejected,
              submit: (reason) => modRejectPersona(p.id, reason),
            },
          },
    ),
};

/** 角色审核: user-written personas waiting for review (oldest first); approve, or reject with the reason its author sees. */
export function PersonaQueue() {
  return <ModerationQueue config={PERSONAS} />;
}
