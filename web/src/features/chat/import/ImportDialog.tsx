import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Popover, Tabs, Upload } from 'antd';
import { InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { MSG, UPLOAD_LIMITS, type ImportType, type MediaImportRes } from '@wanxiang/contract';
import { importFile, importLink } from '../../../api/uploads';
import { RequestError } from '../../../api/request';
import { feedback } from '../../../components/feedback/holder';
import { useChatExtras } from '../../../stores/chat-extras';
import { useChatTool } from '../toolbar/chat-tool-context';
import { onChatTool } from '../toolbar/tool-bus';
import { checkImportFile, checkLink, importAccept } from './import-rules';
import styles from './import.module.css';

type ImportTab = 'link' | 'file';
const TYPES: readonly ImportType[] = ['voice', 'video', 'web'];

/** The understood text joins the next question as a chip, like an uploaded document. */
function attachImport(res: MediaImportRes): void {
  const store = useChatExtras.getState();
  store.setDocMode('file');
  store.setAttachments((prev) => [
    ...prev,
    {
      uid: `import-${res.fileId}`,
      name: res.name,
      type: res.kind,
      size: res.size,
      status: 'complete',
      fileId: res.fileId,
      chars: res.chars,
    },
  ]);
}

/** Why an import cannot join the question now (image mode, or five files already). */
function importBlocked(): string | null {
  const { attachments, docMode } = useChatExtras.getState();
  if (docMode === 'image' && attachments.length > 0) return MSG.noMixImageDoc;
  if (attachments.length >= UPLOAD_LIMITS.maxFiles) return MSG.maxFiles(UPLOAD_LIMITS.maxFiles);
  return null;
}

/**
 * The import dialog for voice, video and web pages (tool names 'voice', 'video', 'web'): a link
 * tab and a file tab with drag-and-drop of one file, a three-step tutorial for video. While it
 * works the button reads 正在理解中...; success closes and resets, failure shows the error.
 */
export function ImportDialog() {
  const { sending, mobile } = useChatTool();
  const [type, setType] = useState<ImportType | null>(null);
  const [tab, setTab] = useState<ImportTab>('link');
  const [link, setLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const offs = TYPES.map((t) => onChatTool(t, () => setType(t)));
    return () => offs.forEach((off) => off());
  }, []);

  const reset = () => {
    setTab('link');
    setLink('');
    setFile(null);
    setError('');
    setLoading(false);
  };
  const close = () => {
    if (loading) return;
    setType(null);
    reset();
  };

  const start = async () => {
    if (!type || loading) return;
    if (sending) return setError(MSG.busyChatting);
    const blocked = importBlocked();
    if (blocked) return setError(blocked);
    let run: () => Promise<MediaImportRes>;
    if (tab === 'link') {
      const checked = checkLink(type, link);
      if (!checked.ok) return setError(checked.msg);
      run = () => importLink(type, checked.url);
    } else {
      const checked = checkImportFile(type, file);
      if (!checked.ok) return setError(checked.msg);
      run = () => importFile(type, checked.file);
    }
    setError('');
    setLoading(true);
    try {
      const res = await run();
      attachImport(res);
      feedback().success(MSG.importDone(res.name));
      setType(null);
      reset();
    } catch (err) {
      setError(err instanceof RequestError && err.message ? err.message : MSG.generateFailed);
      setLoading(false);
    }
  };

  const linkTab = (
    <div className={styles.tabBody}>
      {type === 'video' && <VideoTutorial />}
      <Input.TextArea
        value={link}
        onChange={(e) => {
          setLink(e.target.value);
          setError('');
        }}
        placeholder={type ? MSG.importLinkPlaceholders[type] : ''}
        autoSize={{ minRows: type === 'video' ? 3 : 2, maxRows: 6 }}
        maxLength={2048}
        disabled={loading}
        data-testid="import-link"
      />
    </div>
  );

  const fileTab = (
    <div className={styles.tabBody}>
      <Upload.Dragger
        accept={type ? importAccept(type) : undefined}
        multiple={false}
        maxCount={1}
        showUploadList={false}
        disabled={loading}
        beforeUpload={(f) => {
          setFile(f);
          setError('');
          return Upload.LIST_IGNORE;
        }}
      >
        <p className={styles.dragIcon}>
          <InboxOutlined />
        </p>
        <p>{MSG.importDragHint}</p>
        <p className={styles.hint}>{type ? MSG.importAcceptHint(importAccept(type).replaceAll('.', '')) : ''}</p>
      </Upload.Dragger>
      {file && (
        <div className={styles.picked} data-testid="import-picked">
          <PaperClipOutlined /> {file.name}
        </div>
      )}
    </div>
  );

  return (
    <Modal
      open={type !== null}
      onCancel={close}
      title={type ? MSG.importTitles[type] : ''}
      width={mobile ? '100%' : 560}
      maskClosable={!loading}
      destroyOnHidden
      footer={
        <Button type="primary" loading={loading} onClick={() => void start()} data-testid="import-start" block={mobile}>
          {loading ? MSG.importUnderstanding : MSG.importStart}
        </Button>
      }
    >
      <div data-testid={`import-dialog-${type ?? ''}`}>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as ImportTab);
            setError('');
          }}
          items={[
            { key: 'link', label: MSG.importTabLink, children: linkTab, disabled: loading },
            { key: 'file', label: MSG.importTabFile, children: fileTab, disabled: loading },
          ]}
        />
        {error && <Alert type="error" showIcon title={error} data-testid="import-error" />}
      </div>
    </Modal>
  );
}

/** Three numbered steps for importing a short video by its share link; each shows its tip. */
function VideoTutorial() {
  return (
    <div className={styles.tutorial} data-testid="import-tutorial">
      {MSG.importTutorial.map((step, i) => (
        <Popover key={step} content={<div className={styles.tip}>{MSG.importTutorialTips[i]}</div>} trigger="click" placement="bottom">
          <Button size="small" shape="round">
            <span className={styles.stepNo}>{i + 1}</span>
            {step}
          </Button>
        </Popover>
      ))}
    </div>
  );
}
