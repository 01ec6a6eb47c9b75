import { useEffect, useRef, useState } from 'react';
import { Button, Progress, Segmented } from 'antd';
import { AudioOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { uploadFile, type UploadHandle } from '../api/files';
import { RequestError } from '../api/request';
import { FileField, type FileFieldProps } from '../tools/FileField';
import { recordingExtension, useRecorder } from './useRecorder';
import styles from './media.module.css';

/**
 * A file field the user may also record (a field with `record`, e.g. the voice clone's sample):
 * 录音 records from the microphone with a timer up to the field's most seconds, refuses a
 * recording under its least, lets the user listen back, and uploads it as .webm through the
 * files API like a picked file; 上传文件 is the plain file field.
 */
export function RecordOrUploadField(props: FileFieldProps) {
  const { field, value, onChange, onUploading } = props;
  const limits = field.record ?? { minSeconds: 1, maxSeconds: 60 };
  const [mode, setMode] = useState<'record' | 'upload'>('record');
  const rec = useRecorder({ maxSeconds: limits.maxSeconds });
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handle = useRef<UploadHandle | null>(null);
  const handled = useRef<Blob | null>(null);

  useEffect(() => () => handle.current?.abort(), []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  // A finished recording (stopped by the user or at the limit): check its length, then upload it.
  useEffect(() => {
    const blob = rec.blob;
    if (!blob || handled.current === blob) return;
    handled.current = blob;
    setPreview(URL.createObjectURL(blob));
    if (rec.seconds < limits.minSeconds) {
      setProblem(MSG.voiceRecordTooShort(limits.minSeconds));
      return;
    }
    setProblem(null);
    setPercent(0);
    onUploading(true);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    const file = new File([blob], `录音-${stamp}.${recordingExtension(blob)}`, { type: blob.type || 'audio/webm' });
    const h = uploadFile(file, ({ loaded, total }) => setPercent(total > 0 ? Math.min(99, Math.floor((loaded / total) * 100)) : 0));
    handle.current = h;
    h.done
      .then((stored) => onChange(stored.id))
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setProblem(err instanceof RequestError && err.msg ? err.msg : MSG.toolFormUploadFailed);
      })
      .finally(() => {
        setPercent(null);
        if (handle.current === h) {
          handle.current = null;
          onUploading(false);
        }
      });
  }, [rec.blob, rec.seconds, limits.minSeconds, onChange, onUploading]);

  const again = async () => {
    handle.current?.abort();
    onChange('');
    setPreview(null);
    setProblem(null);
    await rec.start();
  };

  const recording = rec.state === 'recording' || rec.state === 'requesting';
  return (
    <div className={styles.recordField} data-testid={`record-field-${field.name}`}>
      <Segmented
        value={mode}
        onChange={(m) => {
          if (recording) void rec.stop();
          setMode(m as 'record' | 'upload');
          onChange('');
        }}
        options={[
          { value: 'record', label: MSG.voiceRecordTab },
          { value: 'upload', label: MSG.voiceRecordUpload },
        ]}
        disabled={percent !== null}
      />
      {mode === 'upload' ? (
        <FileField {...props} />
      ) : (
        <div className={styles.recorder}>
          {recording ? (
            <>
              <Button danger icon={<StopOutlined />} onClick={() => void rec.stop()} data-testid="record-stop" block>
                {MSG.voiceRecordStop}
              </Button>
              <div className={styles.recordTimer} aria-live="polite">
                <span className={styles.recordDot} aria-hidden />
                {MSG.voiceRecording(rec.seconds, limits.maxSeconds)}
              </div>
              <Progress percent={Math.round((rec.seconds / limits.maxSeconds) * 100)} showInfo={false} size="small" strokeColor={rec.seconds < limits.minSeconds ? '#faad14' : '#52c41a'} />
            </>
          ) : rec.blob ? (
            <>
              {preview && <audio className={styles.recordPreview} controls src={preview} data-testid="record-preview" />}
              <div className={styles.recordTimer}>
                {MSG.voiceRecorded(rec.seconds)}
                {percent !== null && <span> · {MSG.voiceRecordUploading}</span>}
                {value && percent === null && !problem && <span className={styles.recordOk}> · {MSG.toolFormUploaded}</span>}
              </div>
              {percent !== null && <Progress percent={percent} size="small" status="active" />}
              <Button icon={<ReloadOutlined />} onClick={() => void again()} disabled={percent !== null} data-testid="record-again">
                {MSG.voiceRecordRetry}
              </Button>
            </>
          ) : (
            <>
              <Button type="primary" ghost icon={<AudioOutlined />} onClick={() => void rec.start()} data-testid="record-start" block>
                {MSG.voiceRecordStart}
              </Button>
              <div className={styles.recordHint}>{MSG.voiceRecordHint}</div>
            </>
          )}
          {(problem || rec.error) && (
            <div className={styles.recordError} role="alert">
              {problem || rec.error}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
