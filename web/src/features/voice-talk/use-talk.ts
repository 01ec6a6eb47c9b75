import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG, type HistoryMessage } from '@wanxiang/contract';
import { streamChat } from '../../api/chat-stream';
import { RequestError } from '../../api/request';
import { useCatalogStore } from '../../stores/chat-catalog';
import { SentenceSpeaker } from './speaker';
import { transcribe } from './talk-api';

export interface TalkTurn {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** Made in demo mode (a placeholder transcript, the demo model or the demo voice). */
  demo?: boolean;
  state: 'streaming' | 'done' | 'error';
}

/** Where the conversation is: the hands-free page shows it big (聆听中 is that page's own). */
export type TalkPhase = 'idle' | 'recognizing' | 'thinking' | 'speaking';

const newId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
const PREFERRED_MODEL = 'deepseek_v3';

/**
 * One voice conversation: turns to text (speech to text), the question through the chat stream
 * (paid exactly like chat, with the chosen chat model), the answer shown as it streams and spoken
 * sentence by sentence. `context` goes before the turns (音频对话's transcript).
 */
export function useTalk(context: HistoryMessage[] = []) {
  const catalog = useCatalogStore();
  const [model, setModel] = useState('');
  const [turns, setTurns] = useState<TalkTurn[]>([]);
  const [phase, setPhase] = useState<TalkPhase>('idle');
  const [speaking, setSpeaking] = useState(false);
  const [played, setPlayed] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const speaker = useRef<SentenceSpeaker | null>(null);
  const answering = useRef<AbortController | null>(null);
  const conversationId = useRef<string | null>(null);
  const turnsRef = useRef<TalkTurn[]>([]);
  turnsRef.current = turns;

  useEffect(() => {
    void catalog.load();
  }, [catalog]);
  useEffect(() => {
    if (model || catalog.status !== 'ready') return;
    setModel(catalog.byKey[PREFERRED_MODEL] ? PREFERRED_MODEL : (catalog.list[0]?.key ?? ''));
  }, [catalog.status, catalog.byKey, catalog.list, model]);

  const update = (id: string, patch: (t: TalkTurn) => Partial<TalkTurn>) => setTurns((all) => all.map((t) => (t.id === id ? { ...t, ...patch(t) } : t)));

  const stopSpeaking = useCallback(() => {
    answering.current?.abort();
    answering.current = null;
    speaker.current?.stop();
    speaker.current = null;
    setSpeaking(false);
    setPhase('idle');
  }, []);

  useEffect(() => stopSpeaking, [stopSpeaking]);

  /** Ask one question; resolves once the answer was streamed and spoken (or stopped). */
  const ask = useCallback(
    async (text: string, demoWords = false): Promise<void> => {
      stopSpeaking();
      setNotice(null);
      const history: HistoryMessage[] = [
        ...context,
        ...turnsRef.current.filter((t) => t.state === 'done' && t.text).map((t) => ({ role: t.role, content: t.text })),
      ];
      const userTurn: TalkTurn = { id: newId(), role: 'user', text, demo: demoWords, state: 'done' };
      const answer: TalkTurn = { id: newId(), role: 'assistant', text: '', state: 'streaming' };
      setTurns((all) => [...all, userTurn, answer]);
      setPhase('thinking');
      conversationId.current ??= `talk-${newId()}`;
      const ctrl = new AbortController();
      answering.current = ctrl;
      const audio = audioRef.current;
      const voice = audio
        ? new SentenceSpeaker(audio, {
            onSpeaking: (on) => {
              setSpeaking(on);
              if (on) setPhase('speaking');
            },
            onPlayed: () => setPlayed((n) => n + 1),
            onError: (msg) => setNotice(msg),
          })
        : null;
      speaker.current = voice;
      let failure: string | null = null;
      for await (const ev of streamChat({
        model: model || PREFERRED_MODEL,
        body: { prompt: text, conversationId: conversationId.current, messageId: userTurn.id, messages: history },
        signal: ctrl.signal,
      })) {
        if (ev.event === 'meta') {
          conversationId.current = ev.data.conversationId;
          if (ev.data.demo) update(answer.id, () => ({ demo: true }));
        } else if (ev.event === 'text') {
          update(answer.id, (t) => ({ text: t.text + ev.data.text }));
          voice?.push(ev.data.text);
        } else if (ev.event === 'no_count') failure = ev.data.text;
        else if (ev.event === 'error' || ev.event === 'refusal') failure = ev.data.msg;
      }
      if (ctrl.signal.aborted) {
        update(answer.id, () => ({ state: 'done' }));
        return;
      }
      answering.current = null;
      update(answer.id, (t) => (failure && !t.text ? { state: 'error', text: failure } : { state: 'done' }));
      if (failure) setNotice(failure);
      voice?.finish();
      await voice?.idle();
      if (speaker.current === voice) {
        speaker.current = null;
        setPhase('idle');
      }
    },
    [context, model, stopSpeaking],
  );

  /** A recorded turn: to text, shown, then asked. Answers whether it got as far as the question. */
  const askByVoice = useCallback(
    async (audio: Blob): Promise<boolean> => {
      stopSpeaking();
      setNotice(null);
      setPhase('recognizing');
      try {
        const heard = await transcribe(audio, 'turn');
        await ask(heard.text, heard.demo);
        return true;
      } catch (err) {
        setNotice(err instanceof RequestError ? err.msg : MSG.talkSttFailed);
        setPhase('idle');
        return false;
      }
    },
    [ask, stopSpeaking],
  );

  const clear = useCallback(() => {
    stopSpeaking();
    setTurns([]);
    setNotice(null);
    conversationId.current = null;
  }, [stopSpeaking]);

  return { catalog, model, setModel, turns, phase, speaking, played, notice, setNotice, audioRef, ask, askByVoice, stopSpeaking, clear };
}

export type Talk = ReturnType<typeof useTalk>;
