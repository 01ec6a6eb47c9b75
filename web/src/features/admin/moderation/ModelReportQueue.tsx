import { useState } from 'react';
import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_MODERATION_MSG as M, ADMIN_PAGE_SIZE_DEFAULT, MOD_REPORT_STATUSES, type ModModelItem, type ModReportStatus } from '@wanxiang/contract';
import { modDecideModel, modModelReports } from '../../../api/admin-moderation';
import { formatTime } from '../format';
import { useLoad } from '../useLoad';
import { modelReportActions, modUserLabel } from './moderation-view';
import { QueueFrame } from './QueueFrame';
import { ReasonModal } from './ReasonModal';

const CARD_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 4: 'orange', 5: 'red' };

/** 模型举报: reported shared models with their reports; dismiss (listed again) or take off 模型广场. */
export function ModelReportQueue() {
  const [status, setStatus] = useState<ModReportStatus>('open');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ item: ModModelItem; takedown: boolean } | null>(null);
  const { data, loading, error, reload } = useLoad(`models:${status}:${page}`, (signal) => modModelReports({ status, page, size: ADMIN_PAGE_SIZE_DEFAULT }, { signal }));

  const columns: TableColumnsType<ModModelItem> = [
    {
      title: M.modModel,
      render: (_v, m) => (
        <div style={{ maxWidth: 360 }}>
          <Typography.Text strong>{m.name}</Typography.Text> <Tag color={CARD_COLORS[m.cardStatus]}>{M.modCardStatusNames[m.cardStatus] ?? m.cardStatus}</Tag>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 2 }} ellipsis={{ rows: 2, expandable: true }}>
            {m.description}
          </Typography.Paragraph>
          <Typography.Text code>{m.modelId}</Typography.Text> <Typography.Text type="secondary">{m.apiUrl}</Typography.Text>
        </div>
      ),
    },
    { title: M.modAuthor, width: 150, render: (_v, m) => modUserLabel(m.author) },
    {
      title: M.modReports,
      render: (_v, m) => (
        <div style={{ maxWidth: 360 }}>
          <Typography.Text type="secondary">{M.modReportCount(m.reports.length)}</Typography.Text>
          {m.reports.map((r) => (
            <Typography.Paragraph key={r.reporter.id} style={{ marginBottom: 2 }} ellipsis={{ rows: 2, expandable: true }}>
              {modUserLabel(r.reporter)}：{r.reason || '—'}
            </Typography.Paragraph>
          ))}
        </div>
      ),
    },
    { title: M.modCreatedAt, dataIndex: 'lastReportAt', width: 170, responsive: ['lg'], render: (v: string) => formatTime(v) },
    {
      title: M.modActions,
      width: 150,
      render: (_v, m) =>
        modelReportActions(status).length > 0 ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDeciding({ item: m, takedown: false })} data-testid={`model-dismiss-${m.id}`}>
              {M.modDismiss}
            </Button>
            <Button type="link" size="small" danger onClick={() => setDeciding({ item: m, takedown: true })} data-testid={`model-takedown-${m.id}`}>
              {M.modTakeDown}
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
      <Table<ModModelItem>
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
          title={`${deciding.takedown ? M.modTakedownTitle : M.modDismissTitle}：${deciding.item.name}`}
          required={deciding.takedown}
          danger={deciding.takedown}
          invalidText={deciding.takedown ? M.modTakedownReasonInvalid : M.modNoteInvalid}
          doneText={deciding.takedown ? M.modModelTakenDown : M.modModelDismissed}
          onSubmit={(text) => modDecideModel(deciding.item.id, deciding.takedown ? { takedown: true, reason: text } : { takedown: false, note: text })}
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
