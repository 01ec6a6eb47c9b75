import { Tag, Typography } from 'antd';
import { ADMIN_MODERATION_MSG as M, MOD_REPORT_STATUSES, type ModModelItem, type ModReportStatus } from '@wanxiang/contract';
import { modDecideModel, modModelReports } from '../../../api/admin-moderation';
import { formatTime } from '../format';
import { modelReportActions, modUserLabel } from './moderation-view';
import { ModerationQueue, type QueueConfig, type RowAction } from './ModerationQueue';

const CARD_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 4: 'orange', 5: 'red' };

/** Dismiss the card's open reports (an optional note) or take the card down (a required reason its author sees). */
function decide(m: ModModelItem, takedown: boolean): RowAction {
  return {
    key: takedown ? 'takedown' : 'dismiss',
    label: takedown ? M.modTakeDown : M.modDismiss,
    testId: `model-${takedown ? 'takedown' : 'dismiss'}-${m.id}`,
    danger: takedown,
    ask: {
      title: `${takedown ? M.modTakedownTitle : M.modDismissTitle}：${m.name}`,
      required: takedown,
      danger: takedown,
      invalidText: takedown ? M.modTakedownReasonInvalid : M.modNoteInvalid,
      doneText: takedown ? M.modModelTakenDown : M.modModelDismissed,
      submit: (text) => modDecideModel(m.id, takedown ? { takedown: true, reason: text } : { takedown: false, note: text }),
    },
  };
}

const MODEL_REPORTS: QueueConfig<ModModelItem, ModReportStatus> = {
  name: 'models',
  statuses: MOD_REPORT_STATUSES,
  statusNames: M.modReportStatusNames,
  initialStatus: 'open',
  load: modModelReports,
  columns: [
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
  ],
  // The queue's status, not the card's: a card with open reports may be decided once.
  actions: (m, status) => modelReportActions(status).map((a) => decide(m, a === 'takedown')),
};

/** 模型举报: reported shared models with their reports; dismiss (listed again) or take off 模型广场. */
export function ModelReportQueue() {
  return <ModerationQueue config={MODEL_REPORTS} />;
}
