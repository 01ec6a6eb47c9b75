import { useState } from 'react';
import { Alert, App, Button, Input, Spin, Tabs, Upload } from 'antd';
import { AudioOutlined } from '@ant-design/icons';
import { IMPORT_ACCEPT, MINDMAP_CONTENT_MAX, MSG, type MediaImportRes } from '@wanxiang/contract';
import { importFile } from '../../api/uploads';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { useMindMapGenerate } from '../mindmap/use-mindmap-generate';
import { MapWorkspace } from './MapWorkspace';
import styles from './file-maps.module.css';

/**
 * /AiFile/mapping/audioCreateMarkmap (音频生成导图): a recording goes through the speech-to-text adapter (the import
 * dialog's call, /media/audioFile2txt), the transcript is shown, then it becomes a mind map by its upload id
 * (docs/product/mindmap-and-slides.md §11). Without a speech service the server says so plainly.
 */
export default function AudioMindMapPage({ title }: { title?: string }) {
  const { message } = App.useApp();
  const loggedIn = useUserStore((s) => Boolean(s.user));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [audio, setAudio] = useState<MediaImportRes | null>(null);
  // Without a speech service (or for a recording already written down) the transcript can be pasted.
  const [tab, setTab] = useState<'audio' | 'paste'>('audio');
  const [pasted, setPasted] = useState('');
  const gen = useMindMapGenerate();

  const transcribe = async (file: File) => {
    if (!loggedIn) return openLoginDialog();
    setBusy(true);
    setError('');
    try {
      setAudio(await importFile('voice', file));
    } catch (err) {
      const msg = err instanceof RequestError && err.msg ? err.msg : MSG.audioUploadFailed;
      setError(msg);
      // No speech service here: the transcript can still be pasted.
      if (msg === MSG.sttNotConfigured) setTab('paste');
    } finally {
      setBusy(false);
    }
  };

  const generate = async () => {
    if (tab === 'paste') {
      if (!pasted.trim()) return void message.warning(MSG.mindmapContentRequired);
      return gen.start(pasted);
    }
    if (!audio) return void message.warning(MSG.importNeedFile);
    await gen.start({ fileId: audio.fileId });
  };

  const recording = audio ? (
    <div className={`${styles.source} ${styles.transcript}`} data-testid="audio-transcript">
      <div className={styles.sourceHead}>
        <span className={styles.sourceName}>{MSG.fileSourceRead(audio.name, audio.chars)}</span>
        <Button size="small" onClick={() => setAudio(null)}>
          {MSG.fileSourceReupload}
        </Button>
      </div>
      <span className={styles.muted}>{MSG.fileAudioTranscript}</span>
      <Input.TextArea value={audio.text} readOnly autoSize={{ minRows: 4, maxRows: 12 }} aria-label={MSG.fileAudioTranscript} />
    </div>
  ) : (
    <div data-testid="audio-upload">
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
          <p className="ant-upload-hint">{MSG.fileAudioTypes}</p>
        </Upload.Dragger>
      </Spin>
    </div>
  );

  return (
    <MapWorkspace title={title ?? '音频生成导图'} desc={MSG.fileMapsCardAudioDesc} gen={gen} onGenerate={generate} generateTestId="audio-map-generate">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'audio' | 'paste')}
        items={[
          { key: 'audio', label: MSG.fileAudioUploadTab, children: recording },
          {
            key: 'paste',
            label: MSG.fileAudioPasteTab,
            children: (
              <Input.TextArea
                rows={10}
                value={pasted}
                maxLength={MINDMAP_CONTENT_MAX}
                showCount
                placeholder={MSG.fileAudioPastePlaceholder}
                aria-label={MSG.fileAudioPasteTab}
                onChange={(e) => setPasted(e.target.value)}
                data-testid="audio-paste"
              />
            ),
          },
        ]}
      />
      {error && <Alert type="error" showIcon message={error} data-testid="audio-error" />}
    </MapWorkspace>
  );
}
