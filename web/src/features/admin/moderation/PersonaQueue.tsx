import { useState } from 'react';
import { Avatar, Button, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_MODERATION_MSG as M, ADMIN_PAGE_SIZE_DEFAULT, MOD_PERSONA_STATUSES, type ModPersonaItem, type ModPersonaStatus } from '@wanxiang/contract';
import { modApprovePersona, modPersonas, modRejectPersona } from '../../../api/admin-moderation';
import { formatTime } from '../format';
import { useLoad } from '../useLoad';
import { dialogueLines, modUserLabel, personaActions } from './moderation-view';
import { QueueFrame } from './QueueFrame';
import { ReasonModal } from './ReasonModal';
import { useModAction } from './useModAction';

const COLORS: Record<ModPersonaStatus, string> = { pending: 'gold', approved: 'green', refused: 'red' };

/** 角色审核: user-written personas waiting for review (oldest first); approve, or reject with the reason its author sees. */
export function PersonaQueue() {
  const [status, setStatus] = useState<ModPersonaStatus>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<ModPersonaItem | null>(null);
  const { data, loading, error, reload } = useLoad(`personas:${status}:${page}`, (signal) => modPersonas({ status, page, size: ADMIN_PAGE_SIZE_DEFAULT }, { signal }));
  const { busy, act } = useModAction(reload);

  const columns: TableColumnsType<ModPersonaItem> = [
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
    {
      title: M.modActions,
      width: 130,
      render: (_v, p) => {
        const actions = personaActions(p.status);
        if (actions.length === 0) return null;
        return (
          <Space size={0}>
            <Popconfirm title={M.modConfirmApprove} onConfirm={() => void act(() => modApprovePersona(p.id), M.modPersonaApproved)}>
              <Button type="link" size="small" disabled={busy} data-testid={`persona-approve-${p.id}`}>
                {M.modApprove}
              </Button>
            </Popconfirm>
            <Button type="link" size="small" danger onClick={() => setRejecting(p)} data-testid={`persona-reject-${p.id}`}>
              {M.modReject}
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <QueueFrame
      statuses={MOD_PERSONA_STATUSES}
      names={M.modPersonaStatusNames}
      status={status}
      onStatus={(s) => {
        setStatus(s);
        setPage(1);
      }}
      error={error}
      reload={reload}
    >
      <Table<ModPersonaItem>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        locale={{ emptyText: M.modEmpty }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
      {rejecting && (
        <ReasonModal
          title={`${M.modRejectTitle}：${rejecting.title}`}
          required
          danger
          invalidText={M.modRejectReasonInvalid}
          doneText={M.modPersonaRejected}
          onSubmit={(reason) => modRejectPersona(rejecting.id, reason)}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            reload();
          }}
        />
      )}
    </QueueFrame>
  );
}
