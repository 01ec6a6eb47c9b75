import { useState } from 'react';
import { App, Input, Modal, Radio } from 'antd';
import { IMG_REPORT_DETAIL_MAX, IMG_REPORT_REASONS, type ImgReportReason } from '@wanxiang/contract';
import { reportPublished } from '../../api/img-gallery';
import { RequestError } from '../../api/request';
import { T } from './texts';
import styles from './gallery.module.css';

/** 举报: one of the square's reasons and an optional note; the server keeps one report per user. */
export function ReportModal({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [reason, setReason] = useState<ImgReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!reason) return setError(T.reportPickReason);
    setBusy(true);
    try {
      await reportPublished(id, reason, detail.trim());
      void message.success(T.reported);
      onClose();
    } catch (err) {
      setError(err instanceof RequestError && err.msg ? err.msg : T.reportFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={`${T.reportTitle}：${title}`} okText={T.reportSubmit} cancelText="取消" confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden centered>
      <div className={styles.label} id="img-report-reason">
        {T.reportReason}
      </div>
      <Radio.Group
        className={styles.reasons}
        aria-labelledby="img-report-reason"
        value={reason}
        onChange={(e) => {
          setReason(e.target.value as ImgReportReason);
          setError('');
        }}
        options={IMG_REPORT_REASONS.map((r) => ({ value: r.value, label: r.label }))}
      />
      <div className={styles.label} style={{ marginTop: 12 }}>
        {T.reportDetail}
      </div>
      <Input.TextArea rows={3} style={{ marginBottom: 20 }} maxLength={IMG_REPORT_DETAIL_MAX} showCount value={detail} placeholder={T.reportDetailPlaceholder} aria-label={T.reportDetail} onChange={(e) => setDetail(e.target.value)} />
      {error && (
        <div role="alert" style={{ color: '#ff4d4f', fontSize: 12, marginTop: 8 }}>
          {error}
        </div>
      )}
    </Modal>
  );
}
