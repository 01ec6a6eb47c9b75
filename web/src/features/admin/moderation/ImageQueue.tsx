import { useState } from 'react';
import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ADMIN_MODERATION_MSG as M, ADMIN_PAGE_SIZE_DEFAULT, MOD_IMAGE_STATUSES, type ModImageItem, type ModImageStatus } from '@wanxiang/contract';
import { modDecideImage, modImages } from '../../../api/admin-moderation';
import { formatTime } from '../format';
import { useLoad } from '../useLoad';
import { imageActions, modUserLabel } from './moderation-view';
import { ProtectedThumb } from './ProtectedThumb';
import { QueueFrame } from './QueueFrame';
import { ReasonModal } from './ReasonModal';
import { useModAction } from './useModAction';

const COLORS: Record<ModImageStatus, string> = { listed: 'green', hidden: 'orange', taken_down: 'red' };

/** 作品广场: published pictures by status, as thumbnails; take down with a reason (its author sees it) or restore. */
export function ImageQueue() {
  const [status, setStatus] = useState<ModImageStatus>('listed');
  const [page, setPage] = useState(1);
  const [takingDown, setTakingDown] = useState<ModImageItem | null>(null);
  const { data, loading, error, reload } = useLoad(`images:${status}:${page}`, (signal) => modImages({ status, page, size: ADMIN_PAGE_SIZE_DEFAULT }, { signal }));
  const { busy, act } = useModAction(reload);

  const columns: TableColumnsType<ModImageItem> = [
    { title: M.modContent, width: 120, render: (_v, p) => <ProtectedThumb thumbUrl={p.thumbUrl} imageUrl={p.imageUrl} alt={p.title} /> },
    {
      title: M.modStatus,
      render: (_v, p) => (
        <div style={{ maxWidth: 320 }}>
          <Typography.Text strong>{p.title}</Typography.Text> <Tag color={COLORS[p.status]}>{M.modImageStatusNames[p.status]}</Tag>
          <div>
            <Typography.Text type="secondary">{`${p.tool} · ${p.width}×${p.height} · ♥ ${p.likes} · ${M.modReportCount(p.reports)}`}</Typography.Text>
          </div>
          {p.takedownReason && <Typography.Text type="danger">{`${M.modTakedownReason}：${p.takedownReason}`}</Typography.Text>}
        </div>
      ),
    },
    { title: M.modAuthor, width: 150, render: (_v, p) => modUserLabel(p.author) },
    { title: M.modCreatedAt, dataIndex: 'createdAt', width: 170, responsive: ['lg'], render: (v: string) => formatTime(v) },
    {
      title: M.modActions,
      width: 150,
      render: (_v, p) => (
        <Space size={0}>
          {imageActions(p.status).map((a) =>
            a === 'takedown' ? (
              <Button key={a} type="link" size="small" danger onClick={() => setTakingDown(p)} data-testid={`image-takedown-${p.id}`}>
                {M.modTakeDown}
              </Button>
            ) : (
              <Button key={a} type="link" size="small" disabled={busy} onClick={() => void act(() => modDecideImage(p.id, { takedown: false }), M.modImageRestored)} data-testid={`image-restore-${p.id}`}>
                {M.modRestore}
              </Button>
            ),
          )}
        </Space>
      ),
    },
  ];

  return (
    <QueueFrame
      statuses={MOD_IMAGE_STATUSES}
      names={M.modImageStatusNames}
      status={status}
      onStatus={(s) => {
        setStatus(s);
        setPage(1);
      }}
      error={error}
      reload={reload}
    >
      <Table<ModImageItem>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        locale={{ emptyText: M.modEmpty }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
      {takingDown && (
        <ReasonModal
          title={`${M.modTakedownTitle}：${takingDown.title}`}
          required
          danger
          invalidText={M.modTakedownReasonInvalid}
          doneText={M.modImageTakenDown}
          onSubmit={(reason) => modDecideImage(takingDown.id, { takedown: true, reason })}
          onClose={() => setTakingDown(null)}
          onDone={() => {
            setTakingDown(null);
            reload();
          }}
        />
      )}
    </QueueFrame>
  );
}
