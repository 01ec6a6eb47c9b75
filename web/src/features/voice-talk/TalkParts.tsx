import { useEffect, useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { ClearOutlined, SwapOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { Markdown } from '../../components/markdown/Markdown';
import { useIsMobile } from '../../hooks/useIsMobile';
import { ModelPicker } from '../chat/ModelPicker';
import type { Talk, TalkTurn } from './use-talk';
import styles from './voice-talk.module.css';

/** Title, the chat model in use (switched with chat's own picker) and 清空对话. */
export function TalkHeader({ title, talk, subtitle }: { title: string; talk: Talk; subtitle: string }) {
  const [picking, setPicking] = useState(false);
  const mobile = useIsMobile();
  const label = talk.catalog.byKey[talk.model]?.label ?? talk.model;
  return (
    <>
      <div className={styles.head}>
        <h1>{title}</h1>
        <Button icon={<SwapOutlined />} onClick={() => setPicking(true)} data-testid="talk-model">
          {label || MSG.talkSwitchModel}
        </Button>
        <Button icon={<ClearOutlined />} onClick={talk.clear} disabled={talk.turns.length === 0} data-testid="talk-clear">
          {MSG.talkClear}
        </Button>
      </div>
      <p className={styles.sub}>{subtitle}</p>
      {picking ? (
        <ModelPicker
          open
          current={talk.model}
          groups={talk.catalog.groups}
          byKey={talk.catalog.byKey}
          list={talk.catalog.list}
          onPick={(key) => {
            talk.setModel(key);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
          mobile={mobile}
        />
      ) : null}
    </>
  );
}

function TurnItem({ turn }: { turn: TalkTurn }) {
  const user = turn.role === 'user';
  return (
    <div className={`${styles.turn} ${user ? styles.turnUser : ''}`} data-testid={user ? 'talk-user-turn' : 'talk-ai-turn'} data-state={turn.state}>
      <div className={styles.who}>{user ? MSG.talkYou : MSG.talkAi}</div>
      <div className={`${styles.bubble} ${turn.state === 'error' ? styles.bubbleError : ''}`}>
        {turn.demo ? (
          <Tag color="orange" style={{ marginRight: 6 }}>
            {MSG.talkDemoBadge}
          </Tag>
        ) : null}
        {/* The answer is shown as chat shows it (Markdown); what is spoken is the same text without the marks (sentences.ts). */}
        {!user && turn.text && turn.state !== 'error' ? <Markdown text={turn.text} streaming={turn.state === 'streaming'} /> : turn.text || (turn.state === 'streaming' ? '…' : '')}
      </div>
    </div>
  );
}

/** The conversation so far, kept scrolled to the newest words. */
export function TurnList({ turns, empty }: { turns: TalkTurn[]; empty: string }) {
  const end = useRef<HTMLDivElement | null>(null);
  const last = turns.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [turns.length, last?.text]);
  return (
    <div className={styles.turns} data-testid="talk-turns">
      {turns.length === 0 ? <div className={styles.empty}>{empty}</div> : turns.map((t) => <TurnItem key={t.id} turn={t} />)}
      <div ref={end} />
    </div>
  );
}

/**
 * The one <audio> element answers play on (the speaker sets its source sentence by sentence), the
 * written AI note, and the page's notice. `data-played` counts sentences played to the end.
 */
export function TalkAudio({ talk }: { talk: Talk }) {
  return (
    <>
      <audio ref={talk.audioRef} data-testid="talk-audio" data-played={talk.played} data-speaking={talk.speaking ? '1' : '0'} hidden />
      {talk.notice ? (
        <div className={styles.hint} role="alert" data-testid="talk-notice" style={{ color: '#cf1322' }}>
          {talk.notice}
        </div>
      ) : null}
      <div className={styles.note} data-testid="talk-ai-note">
        {MSG.talkAiNote}
        {talk.played > 0 ? ` · ${MSG.talkPlayedCount(talk.played)}` : ''}
      </div>
    </>
  );
}
