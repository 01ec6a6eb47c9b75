import { useMemo, useRef, useState } from 'react';
import { Button, Input, Spin, Tag } from 'antd';
import { AudioOutlined, SendOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { MEDIA_LIMITS, MSG, type HistoryMessage } from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { useRecorder } from '../../media/useRecorder';
import { transcribe, type TalkTranscript } from './talk-api';
import { TalkAudio, TalkHeader, TurnList } from './TalkParts';
import { useTalk } from './use-talk';
import styles from './voice-talk.module.css';

const ACCEPT = '.mp3,.wav,.m4a,.aac,.flac,.ogg,.opus,.webm,audio/*';

/**
 * 音频对话 (/AiVioce/audiotalk): an uploaded or recorded audio is transcribed; the transcript is the
 * context of a chat about it, and each answer is spoken back.
 */
export default function AudioTalkPage({ title }: { title?: string }) {
  const [heard, setHeard] = useState<TalkTranscript | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [question, setQuestion] = useState('');
  const picker = useRef<HTMLInputElement | null>(null);
  const rec = useRecorder({ maxSeconds: MEDIA_LIMITS.audioMaxSeconds });
  const context = useMemo<HistoryMessage[]>(
    () => (heard ? [{ role: 'user', content: MSG.talkAudioContext(heard.text) }, { role: 'assistant', content: MSG.talkAudioContextAck }] : []),
    [heard],
  );
  const talk = useTalk(context);

  const take = async (audio: Blob | File) => {
    setWorking(true);
    setError(null);
    try {
      const got = await transcribe(audio, 'file');
      talk.clear();
      setHeard(got);
    } catch (err) {
      setError(err instanceof RequestError ? err.msg : MSG.talkSttFailed);
    } finally {
      setWorking(false);
    }
  };
  const recording = rec.state === 'recording' || rec.state === 'requesting';
  const toggleRecord = async () => {
    if (!recording) return void rec.start();
    const blob = await rec.stop();
    if (blob) await take(blob);
  };
  const send = () => {
    const q = question.trim();
    if (!q || !heard) return;
    setQuestion('');
    void talk.ask(q);
  };

  return (
    <div className={styles.page}>
      <TalkHeader title={title ?? MSG.talkAudioTitle} talk={talk} subtitle={MSG.talkAudioEmpty} />
      <div className={styles.card}>
        <div className={styles.row}>
          <input
            ref={picker}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="talk-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void take(f);
            }}
          />
          <Button type="primary" icon={<UploadOutlined />} onClick={() => picker.current?.click()} disabled={working || recording}>
            {heard ? MSG.talkReplace : MSG.talkUpload}
          </Button>
          <Button icon={recording ? <StopOutlined /> : <AudioOutlined />} danger={recording} onClick={() => void toggleRecord()} disabled={working} data-testid="talk-record">
            {recording ? `${MSG.talkRecording(rec.seconds)} · ${MSG.talkTapSend}` : MSG.talkRecordFile}
          </Button>
        </div>
        {working ? (
          <div className={styles.hint}>
            <Spin size="small" /> {MSG.talkTranscribing}
          </div>
        ) : null}
        {error || rec.error ? (
          <div className={styles.hint} role="alert" style={{ color: '#cf1322' }}>
            {error ?? rec.error}
          </div>
        ) : null}
        {heard ? (
          <>
            <strong>
              {MSG.talkTranscript}
              {heard.demo ? (
                <Tag color="orange" style={{ marginLeft: 6 }}>
                  {MSG.talkDemoBadge}
                </Tag>
              ) : null}
            </strong>
            <div className={styles.transcript} data-testid="talk-transcript">
              {heard.text}
            </div>
          </>
        ) : null}
      </div>
      {heard ? (
        <div className={styles.card}>
          <TurnList turns={talk.turns} empty={MSG.talkAskAbout} />
          <div className={styles.row} style={{ flexWrap: 'nowrap' }}>
            <Input.TextArea value={question} onChange={(e) => setQuestion(e.target.value)} placeholder={MSG.talkAskAbout} autoSize={{ minRows: 1, maxRows: 4 }} onPressEnter={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                send();
              }
            }} data-testid="talk-question" />
            <Button type="primary" icon={<SendOutlined />} onClick={send} disabled={!question.trim()} data-testid="talk-ask">
              {MSG.talkAsk}
            </Button>
            {talk.speaking || talk.phase === 'thinking' ? (
              <Button icon={<StopOutlined />} onClick={talk.stopSpeaking}>
                {MSG.talkStopSpeaking}
              </Button>
            ) : null}
          </div>
          <TalkAudio talk={talk} />
        </div>
      ) : null}
    </div>
  );
}
