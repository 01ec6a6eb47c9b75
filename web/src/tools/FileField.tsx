import { useEffect, useRef, useState } from 'react';
import { Button, Progress } from 'antd';
import { CloseOutlined, FileOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { MSG, type ToolField } from '@wanxiang/contract';
import { uploadFile, type UploadHandle } from '../api/files';
import { RequestError } from '../api/request';
import { acceptAttr, bytesToMb, fileProblem } from './form-values';
import styles from './tools.module.css';

interface Picked {
  name: string;
  /** A local preview of a picked image (object URL), revoked when replaced. */
  preview?: string;
  /** 0-100 while it goes up; null once stored. */
  percent: number | null;
  error?: string;
}

export interface FileFieldProps {
  field: ToolField;
  /** The stored file's id ('' when none). */
  value: string;
  onChange: (fileId: string) => void;
  onUploading: (uploading: boolean) => void;
}

/** A file or image input: checks type and size, uploads at once with a byte progress bar, keeps the stored file's id. */
export function FileField({ field, value, onChange, onUploading }: FileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);

  useEffect(
    () => () => {
      handle.current?.abort();
    },
    [],
  );
  useEffect(() => {
    const url = picked?.preview;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [picked?.preview]);
  // The form was cleared (an example, a reset): forget the picked file too.
  useEffect(() => {
    if (!value && picked && picked.percent === null && !picked.error) setPicked(null);
  }, [value, picked]);

  const pick = (file: File) => {
    handle.current?.abort();
    const problem = fileProblem(field, file);
    const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
    if (problem) {
      setPicked({ name: file.name, preview, percent: null, error: problem });
      onChange('');
      return;
    }
    setPicked({ name: file.name, preview, percent: 0 });
    onChange('');
    onUploading(true);
    const h = uploadFile(file, ({ loaded, total }) =>
      setPicked((p) => p && { ...p, percent: total > 0 ? Math.min(99, Math.floor((loaded / total) * 100)) : 0 }),
    );
    handle.current = h;
    h.done
      .then((stored) => {
        onChange(stored.id);
        setPicked((p) => p && { ...p, percent: null });
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setPicked((p) => p && { ...p, percent: null, error: err instanceof RequestError && err.msg ? err.msg : MSG.toolFormUploadFailed });
      })
      .finally(() => {
        if (handle.current === h) {
          handle.current = null;
          onUploading(false);
        }
      });
  };

  const remove = () => {
    handle.current?.abort();
    handle.current = null;
    onUploading(false);
    setPicked(null);
    onChange('');
  };

  const isImage = field.type === 'image';
  return (
    <div className={styles.fileField} data-testid={`file-field-${field.name}`}>
      <input
        ref={input}
        id={`tool-field-${field.name}`}
        type="file"
        accept={acceptAttr(field)}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) pick(file);
        }}
      />
      {picked ? (
        <div className={styles.picked}>
          {picked.preview ? (
            <img src={picked.preview} alt={picked.name} className={styles.pickedThumb} />
          ) : field.type === 'image' ? (
            <PictureOutlined />
          ) : (
            // A document (CSV, PDF, Word...) is not a picture.
            <FileOutlined />
          )}
          <div className={styles.pickedBody}>
            <div className={styles.pickedName}>{picked.name}</div>
            {picked.percent !== null && (
              <Progress percent={picked.percent} size="small" status="active" aria-label={MSG.toolFormUploading} />
            )}
            {picked.error && <div className={styles.error}>{picked.error}</div>}
            {value && picked.percent === null && !picked.error && <div className={styles.uploaded}>{MSG.toolFormUploaded}</div>}
          </div>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={MSG.toolFormUploadRemove} onClick={remove} />
        </div>
      ) : (
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} block>
          {isImage ? MSG.toolFormUploadImage : MSG.toolFormUpload}
        </Button>
      )}
      {picked?.error && (
        <Button size="small" type="link" onClick={() => input.current?.click()}>
          {isImage ? MSG.toolFormUploadImage : MSG.toolFormUpload}
        </Button>
      )}
      {/* The field's own help (under the form field) says it already when it has one. */}
      {field.accept?.length && field.maxBytes && !field.help && !picked ? (
        <div className={styles.help}>{MSG.toolFormUploadHint(field.accept.join('/'), bytesToMb(field.maxBytes))}</div>
      ) : null}
    </div>
  );
}
