import { Alert, Modal, Progress, Spin } from 'antd';
import { MSG } from '@wanxiang/contract';
import { Markdown } from '../../components/markdown';

export interface ReadingState {
  kind: 'interpret' | 'translate';
  url: string;
  text: string;
  running: boolean;
  error: string | null;
}

/** The AI解读 and 翻译 progress modals (2.4): the reading streams in as sanitized markdown. */
export function ReadingModal({ state, onClose }: { state: ReadingState | null; onClose: () => void }) {
  const title = state?.kind === 'translate' ? MSG.scholarTranslateTitle : MSG.scholarInterpretTitle;
  return (
    <Modal open={state !== null} title={title} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {state && (
        <div data-testid="scholar-reading" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
          {state.error && <Alert type="error" showIcon title={state.error} />}
          {!state.error && !state.text && state.running && (
            <div style={{ textAlign: 'center', padding: 32 }}>
              <Spin />
              <div style={{ marginTop: 8 }}>{MSG.scholarInterpreting}</div>
            </div>
          )}
          {state.text && <Markdown text={state.text} streaming={state.running} />}
        </div>
      )}
    </Modal>
  );
}

export interface DownloadState {
  url: string;
  /** 0..1, or null while the size is unknown. */
  progress: number | null;
  running: boolean;
  error: string | null;
}

/** The download progress modal (2.4). */
export function DownloadModal({ state, onClose }: { state: DownloadState | null; onClose: () => void }) {
  return (
    <Modal open={state !== null} title={MSG.scholarDownloadTitle} onCancel={onClose} footer={null} destroyOnHidden>
      {state && (
        <div data-testid="scholar-download">
          {state.error ? (
            <Alert type="error" showIcon title={state.error} />
          ) : (
            <>
              <Progress percent={Math.round((state.progress ?? 0) * 100)} status={state.running ? 'active' : 'success'} />
              {state.running && <div>{MSG.scholarDownloading}</div>}
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
