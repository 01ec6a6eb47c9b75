import { useState } from 'react';
import { Alert, App, Button, Card, Input, Spin, Tabs, Upload } from 'antd';
import { AudioOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { IMPORT_ACCEPT, MSG, PPT_CONTENT_MAX, type PptOutlineReq } from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { importFile } from '../../api/uploads';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { PptWizard } from '../slides/PptWizard';
import { usePptFlow } from '../slides/use-ppt-flow';
import styles from './video-edit.module.css';

/**
 * /AiVioce/ppt/auidePptCreate (音频生成PPT) and /AiVideo/ppt/plugin (视频生成PPT): a recording or a
 * video goes through the import dialog's speech-to-text call (/media/audioFile2txt, which reads the
 * sound of an MP4 too), the transcript is shown and can be edited, then the slides wizard makes an
 * outline from it and a deck of our templates. Without a speech service the server says so plainly
 * and the transcript can be pasted instead.
 */
export default function MediaPptPage({ title }: { title?: string }) {
  const { message } = App.useApp();
  const loggedIn = useUserStore((s) => Boolean(s.user));
  const [tab, setTab] = useState<'file' | 'paste'>('file');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [source, setSource] = useState<PptOutlineReq | null>(null);
  const flow = usePptFlow();

  const transcribe = async (file: File) => {
    if (!loggedIn) return void openLoginDialog();
    setBusy(true);
    setError('');
    try {
      setText((await importFile('voice', file)).text.slice(0, PPT_CONTENT_MAX));
    } catch (err) {
      const msg = err instanceof RequestError && err.msg ? err.msg : MSG.audioUploadFailed;
      setError(msg);
      if (msg === MSG.sttNotConfigured) setTab('paste');
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    if (!loggedIn) return void openLoginDialog();
    if (!text.trim()) return void message.warning(MSG.veMediaPptNeedText);
    if (flow.outlining || flow.phase === 'building') return void message.warning(MSG.slidesNotReady);
    flow.reset();
    setSource({ content: text.trim() });
  };

  const transcript = (
    <Input.TextArea value={text} rows={8} maxLength={PPT_CONTENT_MAX} showCount aria-label={MSG.veMediaPptTranscript} onChange={(e) => setText(e.target.value)} data-testid="media-ppt-text" />
  );

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1>{title ?? '音频生成PPT'}</h1>
        <p>{MSG.veMediaPptLead}</p>
      </div>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'file' | 'paste')}
          items={[
            {
              key: 'file',
              label: MSG.veMediaPptUpload,
              children: text ? (
                <div>
                  <p className={styles.muted}>{MSG.veMediaPptTranscript}</p>
                  {transcript}
                </div>
              ) : (
                <Spin spinning={busy} tip={MSG.fileAudioTranscribing}>
                  <Upload.Dragger
                    accept={IMPORT_ACCEPT.voice.map((t) => `.${t}`).join(',')}
                    multiple={false}
                    showUploadList={false}
                    disabled={busy}
                    beforeUpload={(file) => {
                      void transcribe(file);
                      return false;
                    }}
                  >
                    <p className="ant-upload-drag-icon">
                      <AudioOutlined />
                    </p>
                    <p className="ant-upload-text">{MSG.fileSourceDrop}</p>
                    <p className="ant-upload-hint">{MSG.veMediaPptTypes}</p>
                  </Upload.Dragger>
                </Spin>
              ),
            },
            { key: 'paste', label: MSG.veMediaPptPaste, children: transcript },
          ]}
        />
        {error && <Alert className={styles.alert} type="error" showIcon message={error} data-testid="media-ppt-error" />}
        <Button type="primary" size="large" icon={<ThunderboltOutlined />} loading={flow.outlining} onClick={start} data-testid="media-ppt-outline">
          {MSG.veMediaPptOutline}
        </Button>
      </Card>
      {source && (
        <Card>
          <PptWizard flow={flow} source={source} />
        </Card>
      )}
    </div>
  );
}
