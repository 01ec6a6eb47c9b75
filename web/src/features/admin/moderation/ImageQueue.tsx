import { Tag, Typography } from 'antd';
import { ADMIN_MODERATION_MSG as M, MOD_IMAGE_STATUSES, type ModImageItem, type ModImageStatus } from '@wanxiang/contract';
import { modDecideImage, modImages } from '../../../api/admin-moderation';
import { formatTime } from '../format';
import { imageActions, modUserLabel } from './moderation-view';
import { ModerationQueue, type QueueConfig } from './ModerationQueue';
import { ProtectedThumb } from './ProtectedThumb';

const COLORS: Record<ModImageStatus, string> = { listed: 'green', hidden: 'orange', taken_down: 'red' };

const IMAGES: QueueConfig<ModImageItem, ModImageStatus> = {
  name: 'images',
  statuses: MOD_IMAGE_STATUSES,
  statusNames: M.modImageStatusNames,
  initialStatus: 'listed',
  load: modImages,
  columns: [
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
  ],
  actions: (p) =>
    imageActions(p.status).map((a) =>
      a === 'takedown'
        ? {
            key: a,
            label: M.modTakeDown,
            testId: `image-takedown-${p.id}`,
            danger: true,
            ask: {
              title: `${M.modTakedownTitle}：${p.title}`,
              required: true,
              danger: true,
              invalidText: M.modTakedownReasonInvalid,
              doneText: M.modImageTakenDown,
              submit: (reason) => modDecideImage(p.id, { takedown: true, reason }),
            },
          }
        : { key: a, label: M.modRestore, testId: `image-restore-${p.id}`, run: { call: () => modDecideImage(p.id, { takedown: false }), doneText: M.modImageRestored } },
    ),
};

/** 作品广场: published pictures by status, as thumbnails; take down with a reason (its author sees it) or restore. */
export function ImageQueue() {
  return <ModerationQueue config={IMAGES} />;
}
