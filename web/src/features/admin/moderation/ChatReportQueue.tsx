import { useState } from 'react';
import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_MODERATION_MSG as M, ADMIN_PAGE_SIZE_DEFAULT, MOD_REPORT_STATUSES, type ModChatReportItem, type ModReportStatus } from '@wanxiang/contract';
import { modChatReports, modDecideChat } from '../../../api/admin-moderation';
import { formatTime } from '../format';
import { useLoad } from '../useLoad';
import { chatReportActions, modUserLabel } from './moderation-view';
import { QueueFrame } from './QueueFrame';
import { ReasonModal } from './ReasonModal';

/** 对话举报: each reported reply as the reporter saw it; dismiss or confirm a violation, with an optional note. */
export function ChatReportQueue() {
  const [status, setStatus] = useState<ModReportStatus>('open');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ item: ModChatReportItem; confirm: boolean } | null>(null);
  const { data, loading, error, reload } = useLoad(`chats:${status}:${page}`, (signal) => modChatReports({ status, page, size: ADMIN_PAGE_SIZE_DEFAULT }, { signal }));

  const columns: TableColumnsType<ModChatReportItem> = [
    {
      title: M.modReplyOf,
      render: (_v, r) => (
        <div style={{ maxWidth: 480 }}>
          <Typography.Text code>{r.model}</Typography.Text>
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }} ellipsis={{ rows: 4, expandable: true }}>
            {r.excerpt}
          </Typography.Paragraph>
        </div>
      ),
    },
    { title: M.modReporter, width: 150, render: (_v, r) => modUserLabel(r.reporter) },
    {
      title: M.modReason,
      width: 220,
      render: (_v, r) => (
        <>
          <Tag>{M.modChatCategoryNames[r.category] ?? r.category}</Tag>
          <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 3, expandable: true }}>
            {r.reason}
          </Typography.Paragraph>
          {r.handleNote && <Typography.Text type="secondary">{`${M.modNote}：${r.handleNote}`}</Typography.Text>}
        </>
      ),
    },
    { title: M.modCreatedAt, dataIndex: 'createdAt', width: 170, responsive: ['lg'], render: (v: string) => formatTime(v) },
    {
      title: M.modActions,
      width: 150,
      render: (_v, r) =>
        chatReportActions(r.status).length > 0 ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDeciding({ item: r, confirm: false })} data-testid={`chat-dismiss-${r.id}`}>
              {M.modDismiss}
            </Button>
            <Button type="link" size="small" danger onClick={() => setDeciding({ item: r, confirm: true })} data-testid={`chat-confirm-${r.id}`}>
              {M.modConfirm}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <QueueFrame
      statuses={MOD_REPORT_STATUSES}
      names={M.modReportStatusNames}
      status={status}
      onStatus={(s) => {
        setStatus(s);
        setPage(1);
      }}
      error={error}
      reload={reload}
    >
      <Table<ModChatReportItem>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        locale={{ emptyText: M.modEmpty }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
      {deciding && (
        <ReasonModal
          title={deciding.confirm ? M.modConfirmTitle : M.modDismissTitle}
          required={false}
          danger={deciding.confirm}
          invalidText={M.modNoteInvalid}
          doneText={deciding.confirm ? M.modChatConfirmed : M.modChatDismissed}
          onSubmit={(note) => modDecideChat(deciding.item.id, deciding.confirm, note)}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            reload();
          }}
        />
      )}
    </QueueFrame>
  );
}
