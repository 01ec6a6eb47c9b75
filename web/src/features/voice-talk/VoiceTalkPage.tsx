import { useEffect, useRef } from 'react';
import { Button } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { MSG, TALK_LIMITS } from '@wanxiang/contract';
import { useRecorder } from '../../media/useRecorder';
import { TalkAudio, TalkHeader, TurnList } from './TalkParts';
import { useTalk } from './use-talk';
import styles from './voice-talk.module.css';

/** A press held this long is push-to-talk (release sends); a shorter tap toggles recording. */
const HOLD_MS = 500;

/**
 * 语音对话 (/AiVioce/voicetalk): push to talk — hold the button and release to send, or tap to
 * start and tap again to send. The words are transcribed and shown, the answer streams as text and
 * is spoken sentence by sentence; 停止播报 ends it.
 */
export default function VoiceTalkPage({ title }: { title?: string }) {
  const talk = useTalk();
  const rec = useRecorder({ maxSeconds: TALK_LIMITS.turnMaxSeconds });
  const pressedAt = useRef(0);
  const startedByPress = useRef(false);
  const recording = rec.state === 'recording' || rec.state === 'requesting';
  const busy = talk.phase === 'recognizing';

  const sending = useRef(false);
  const handled = useRef<Blob | null>(null);
  const send = async () => {
    sending.current = true;
    const recorded = await rec.stop();
    handled.current = recorded;
    if (recorded) await talk.askByVoice(recorded);
    sending.current = false;
  };
  const onDown = () => {
    if (busy) return;
    if (recording) {
      startedByPress.current = false;
      void send();
      return;
    }
    talk.stopSpeaking();
    pressedAt.current = performance.now();
    startedByPress.current = true;
    void rec.start();
  };
  const onUp = () => {
    if (startedByPress.current && performance.now() - pressedAt.current >= HOLD_MS) void send();
    startedByPress.current = false;
  };
  // A recording the time limit stopped (not the user) is sent as it is.
  const { state, blob } = rec;
  const { askByVoice } = talk;
  useEffect(() => {
    if (state !== 'stopped' || !blob || sending.current || handled.current === blob) return;
    handled.current = blob;
    sending.current = true;
    void askByVoice(blob).finally(() => {
      sending.current = false;
    });
  }, [state, blob, askByVoice]);

  const hint = busy
    ? MSG.talkStateRecognizing
    : recording
      ? `${MSG.talkRecording(rec.seconds)} · ${MSG.talkTapSend}`
      : talk.phase === 'thinking'
        ? MSG.talkStateThinking
        : talk.speaking
          ? MSG.talkStateSpeaking
          : `${MSG.talkHold} / ${MSG.talkTapStart}`;

  return (
    <div className={styles.page}>
      <TalkHeader title={title ?? MSG.talkTitle} talk={talk} subtitle="按住说话松开发送，或点击开始、再点发送；回答会边生成边朗读。" />
      <div className={styles.card}>
        <TurnList turns={talk.turns} empty={MSG.talkEmpty} />
        <div className={styles.controls}>
          <button
            type="button"
            className={`${styles.mic} ${recording ? styles.micOn : ''}`}
            onPointerDown={onDown}
            onPointerUp={onUp}
            onPointerLeave={onUp}
            onContextMenu={(e) => e.preventDefault()}
            disabled={busy}
            aria-label={recording ? MSG.talkTapSend : MSG.talkTapStart}
            data-testid="talk-mic"
            data-recording={recording ? '1' : '0'}
          >
            🎙️
          </button>
          <div className={styles.hint} data-testid="talk-hint">
            {hint}
          </div>
          {rec.error ? <div className={styles.hint} style={{ color: '#cf1322' }}>{rec.error}</div> : null}
          {talk.speaking || talk.phase === 'thinking' ? (
            <Button icon={<StopOutlined />} danger onClick={talk.stopSpeaking} data-testid="talk-stop">
              {MSG.talkStopSpeaking}
            </Button>
          ) : null}
        </div>
        <TalkAudio talk={talk} />
      </div>
    </div>
  );
}
