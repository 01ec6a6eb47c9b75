import { useState } from 'react';
import { Alert, Button, Spin, Tag, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { DOC_SOURCE_TYPES, MSG, type DocSourceRes, type DocSourceUse } from '@wanxiang/contract';
import { uploadDocSource } from '../../api/doc-source';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import styles from './file-maps.module.css';

/** The file types a use accepts, as the file dialog's accept list and the sentence under the box. */
export const acceptOf = (use: DocSourceUse) => DOC_SOURCE_TYPES[use].map((t) => `.${t}`).join(',');

/**
 * One document as a source (docs/product/mindmap-and-slides.md §11): drop or pick a file, the server reads it with
 * its structure, and the box shows what was read (name, length, the headings or slide titles found). A
 * refusal (wrong type, empty, too large, unreadable) shows under the box in the server's words.
 */
export function FileSourcePicker({
  use,
  value,
  onChange,
  headingsLabel = MSG.fileSourceHeadings,
}: {
  use: DocSourceUse;
  value: DocSourceRes | null;
  onChange: (res: DocSourceRes | null) => void;
  headingsLabel?: string;
}) {
  const loggedIn = useUserStore((s) => Boolean(s.user));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const read = async (file: File) => {
    if (!loggedIn) return openLoginDialog();
    setBusy(true);
    setError('');
    try {
      onChange(await uploadDocSource(use, file));
    } catch (err) {
      setError(err instanceof RequestError && err.msg ? err.msg : MSG.fileUploadFailed);
    } finally {
      setBusy(false);
    }
  };

  if (value) {
    return (
      <div className={styles.source} data-testid="file-source-read">
        <div className={styles.sourceHead}>
          <span className={styles.sourceName}>{MSG.fileSourceRead(value.name, value.chars)}</span>
          <Button size="small" onClick={() => onChange(null)}>
            {MSG.fileSourceReupload}
          </Button>
        </div>
        {value.condensed && <span className={styles.muted}>{MSG.fileSourceCondensed}</span>}
        <span className={styles.muted}>{value.headings.length ? headingsLabel : MSG.fileSourceNoHeadings}</span>
        {value.headings.length > 0 && (
          <div className={styles.headings} data-testid="file-source-headings">
            {value.headings.map((h, i) => (
              <Tag key={`${i}-${h}`} title={h}>
                {h}
              </Tag>
            ))}
          </div>
        )}
      </div>
    );
  }

  return (
    <div className={styles.source} data-testid="file-source-upload">
      <Spin spinning={busy} tip={MSG.fileSourceUploading}>
        <Upload.Dragger
          accept={acceptOf(use)}
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void read(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{MSG.fileSourceDrop}</p>
          <p className="ant-upload-hint">{MSG.fileSourceTypes(DOC_SOURCE_TYPES[use].join('、'))}</p>
        </Upload.Dragger>
      </Spin>
      {error && <Alert type="error" showIcon message={error} data-testid="file-source-error" />}
    </div>
  );
}
