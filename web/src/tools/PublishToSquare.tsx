import { useState } from 'react';
import { App, Button, Input, Modal } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { IMG_PUBLISH_TITLE_MAX, MSG, type ImgPublished } from '@wanxiang/contract';
import { publishCreation } from '../api/img-gallery';
import { RequestError } from '../api/request';

/** 发布到广场 on a finished image task: asks for a title, then the task's first picture is on the square. */

const T = {
  action: '发布到广场',
  done: '已发布',
  title: '发布到作品广场',
  label: '作品标题',
  placeholder: `给作品起个名字，最多 ${IMG_PUBLISH_TITLE_MAX} 个字`,
  hint: '发布后所有人都能在「AI图片 · 作品广场」看到这张作品（任务的第一张图片），可随时在「我的作品」里删除。',
  ok: '发布',
  failed: '发布失败，请稍后重试',
};

/** A start title: the prompt's first characters (as a person counts them), which the user may change. */
export function suggestedTitle(prompt: string): string {
  return Array.from(prompt.trim().replace(/\s+/g, ' ')).slice(0, IMG_PUBLISH_TITLE_MAX).join('');
}

export interface PublishToSquareProps {
  taskId: string;
  prompt?: string;
  /** Already on the square (its id): the button shows 已发布 and does nothing. */
  publishedId?: number | null;
  onPublished?: (p: ImgPublished) => void;
  size?: 'small' | 'middle';
}

export function PublishToSquare({ taskId, prompt = '', publishedId, onPublished, size = 'small' }: PublishToSquareProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(publishedId != null);

  const submit = async () => {
    const text = title.trim();
    if (!text) return setError(MSG.imgPublishTitleRequired);
    if (Array.from(text).length > IMG_PUBLISH_TITLE_MAX) return setError(MSG.imgPublishTitleTooLong(IMG_PUBLISH_TITLE_MAX));
    setBusy(true);
    try {
      const published = await publishCreation(taskId, text);
      void message.success(MSG.imgPublished);
      setDone(true);
      setOpen(false);
      onPublished?.(published);
    } catch (err) {
      const msg = err instanceof RequestError && err.msg ? err.msg : T.failed;
      // Published before (another tab, the gallery): the button says so from now on.
      if (msg === MSG.imgPublishTwice) setDone(true);
      setError(msg);
    } finally {
      setBusy(false);
    }
  };

  if (done || publishedId != null)
    return (
      <Button size={size} icon={<CloudUploadOutlined />} disabled data-testid="publish-done">
        {T.done}
      </Button>
    );
  return (
    <>
      <Button
        size={size}
        icon={<CloudUploadOutlined />}
        data-testid="publish-open"
        onClick={() => {
          setTitle(suggestedTitle(prompt));
          setError('');
          setOpen(true);
        }}
      >
        {T.action}
      </Button>
      <Modal open={open} title={T.title} okText={T.ok} cancelText="取消" confirmLoading={busy} onOk={() => void submit()} onCancel={() => setOpen(false)} destroyOnHidden centered>
        <label htmlFor={`publish-title-${taskId}`} style={{ display: 'block', fontWeight: 500, marginBottom: 6 }}>
          {T.label}
        </label>
        <Input
          id={`publish-title-${taskId}`}
          value={title}
          maxLength={IMG_PUBLISH_TITLE_MAX}
          showCount
          placeholder={T.placeholder}
          status={error ? 'error' : undefined}
          data-testid="publish-title"
          onChange={(e) => {
            setTitle(e.target.value);
            setError('');
          }}
          onPressEnter={() => void submit()}
        />
        {error && (
          <div role="alert" style={{ color: '#ff4d4f', fontSize: 12, marginTop: 4 }}>
            {error}
          </div>
        )}
        <p style={{ color: 'var(--ant-color-text-tertiary, #8c8c8c)', fontSize: 12, margin: '8px 0 0' }}>{T.hint}</p>
      </Modal>
    </>
  );
}
