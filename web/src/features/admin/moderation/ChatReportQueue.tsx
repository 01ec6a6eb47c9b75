import { Tag, Typography } from 'antd';
import { ADMIN_MODERATION_MSG as M, MOD_REPORT_STATUSES, type ModChatReportItem, type ModReportStatus } from '@wanxiang/contract';
import { modChatReports, modDecideChat } from '../../../api/admin-moderation';
import { formatTime } from '../format';
import { chatReportActions, modUserLabel } from './moderation-view';
import { ModerationQueue, type QueueConfig, type RowAction } from './ModerationQueue';

/** Dismiss or confirm a reported reply, each with an optional note. */
function decide(r: ModChatReportItem, confirm: boolean): RowAction {
  return {
    key: confirm ? 'confirm' : 'dismiss',
    label: confirm ? M.modConfirm : M.modDismiss,
    testId: `chat-${confirm ? 'confirm' : 'dismiss'}-${r.id}`,
    danger: confirm,
    ask: {
      title: confirm ? M.modConfirmTitle : M.modDismissTitle,
      required: false,
      danger: confirm,
      invalidText: M.modNoteInvalid,
      doneText: confirm ? M.modChatConfirmed : M.modChatDismissed,
      submit: (note) => modDecideChat(r.id, confirm, note),
    },
  };
}

const CHAT_REPORTS: QueueConfig<ModChatReportItem, ModReportStatus> = {
  name: 'chats',
  statuses: MOD_REPORT_STATUSES,
  statusNames: M.modReportStatusNames,
  initialStatus: 'open',
  load: modChatReports,
  columns: [
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
  ],
  actions: (r) => chatReportActions(r.status).map((a) => decide(r, a === 'confirm')),
};

/** 对话举报: each reported reply as the reporter saw it; dismiss or confirm a violation, with an optional note. */
export function ChatReportQueue() {
  return <ModerationQueue config={CHAT_REPORTS} />;
}
