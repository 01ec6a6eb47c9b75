import { useCallback, useRef } from 'react';
import { Button } from 'antd';
import { AudioOutlined, PoweroffOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useHandsFree } from './use-hands-free';
import { TalkAudio, TalkHeader, TurnList } from './TalkParts';
import { useTalk } from './use-talk';
import styles from './voice-talk.module.css';

type Shown = 'idle' | 'listening' | 'recognizing' | 'thinking' | 'speaking';

const LABEL: Record<Shown, string> = {
  idle: MSG.talkStateIdle,
  listening: MSG.talkStateListening,
  recognizing: MSG.talkStateRecognizing,
  thinking: MSG.talkStateThinking,
  speaking: MSG.talkStateSpeaking,
};

/**
 * 实时语音 (/AiVioce/voicethree): hands free. The browser listens (level + silence end a turn),
 * sends the turn by itself, speaks the answer, then listens again; talking over the answer stops
 * it (barge-in) and starts the next turn.
 */
export default function VoiceRealtimePage({ title }: { title?: string }) {
  const talk = useTalk();
  const active = useRef(false);
  const { askByVoice, stopSpeaking } = talk;
  const mic = useRef<ReturnType<typeof useHandsFree> | null>(null);

  const onTurn = useCallback(
    (audio: Blob) => {
      void askByVoice(audio).finally(() => {
        // The answer was spoken (or stopped, or failed): the next turn.
        if (active.current) mic.current?.listen();
      });
    },
    [askByVoice],
  );
  const onBargeIn = useCallback(() => {
    stopSpeaking();
    mic.current?.listen();
  }, [stopSpeaking]);
  const handsFree = useHandsFree({ onTurn, onBargeIn });
  mic.current = handsFree;

  const shown: Shown = !handsFree.on ? 'idle' : handsFree.listening ? 'listening' : talk.phase === 'idle' ? 'listening' : talk.phase;

  const toggle = () => {
    if (handsFree.on) {
      active.current = false;
      handsFree.stop();
      stopSpeaking();
    } else {
      active.current = true;
      void handsFree.start();
    }
  };

  return (
    <div className={styles.page}>
      <TalkHeader title={title ?? MSG.talkThreeTitle} talk={talk} subtitle={MSG.talkHandsFreeHint} />
      <div className={styles.card}>
        <div className={`${styles.orb} ${styles[`orb_${shown}`] ?? ''}`} data-testid="talk-state" data-state={shown} aria-live="polite">
          {LABEL[shown]}
        </div>
        <div className={styles.level} aria-hidden>
          <span style={{ width: `${Math.min(100, Math.round(handsFree.level * 600))}%` }} />
        </div>
        <div className={styles.row}>
          <Button type={handsFree.on ? 'default' : 'primary'} danger={handsFree.on} size="large" icon={handsFree.on ? <PoweroffOutlined /> : <AudioOutlined />} onClick={toggle} data-testid="talk-handsfree">
            {handsFree.on ? MSG.talkStopHandsFree : MSG.talkStartHandsFree}
          </Button>
          {talk.speaking ? (
            <Button onClick={onBargeIn} data-testid="talk-stop">
              {MSG.talkStopSpeaking}
            </Button>
          ) : null}
        </div>
        {handsFree.error ? <div className={styles.hint} style={{ color: '#cf1322' }}>{handsFree.error}</div> : null}
        <TurnList turns={talk.turns} empty={MSG.talkHandsFreeHint} />
        <TalkAudio talk={talk} />
      </div>
    </div>
  );
}
