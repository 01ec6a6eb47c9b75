import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG, TALK_LIMITS } from '@wanxiang/contract';

/**
 * The hands-free microphone (实时语音): one open stream, a WebAudio analyser measuring its level,
 * and a MediaRecorder per turn. A turn starts when the level rises above the speech threshold and
 * ends after SILENCE_MS below it (or at the turn limit); `onTurn` gets its recording. While the
 * page is not listening (it speaks an answer), a louder voice held for BARGE_MS calls `onBargeIn`.
 */

/** RMS level (0..1) counted as speech; barge-in needs more (the answer's own echo is quieter after echo cancelling). */
const SPEECH_LEVEL = 0.04;
const BARGE_LEVEL = 0.08;
const SILENCE_MS = 1200;
const BARGE_MS = 300;
const TICK_MS = 60;
const MIME_CHOICES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export interface HandsFreeOptions {
  onTurn(audio: Blob): void;
  onBargeIn(): void;
}

export function useHandsFree({ onTurn, onBargeIn }: HandsFreeOptions) {
  const [on, setOn] = useState(false);
  const [listening, setListening] = useState(false);
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const audioCtx = useRef<AudioContext | null>(null);
  const analyser = useRef<AnalyserNode | null>(null);
  const timer = useRef<number | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const heard = useRef({ voice: false, lastVoiceAt: 0, startedAt: 0, loudSince: 0 });
  const listeningRef = useRef(false);
  const handlers = useRef({ onTurn, onBargeIn });
  handlers.current = { onTurn, onBargeIn };

  const endTurn = useCallback((send: boolean) => {
    const rec = recorder.current;
    recorder.current = null;
    listeningRef.current = false;
    setListening(false);
    if (!rec || rec.state === 'inactive') return;
    if (!send) rec.ondataavailable = null;
    rec.stop();
  }, []);

  /** Listen for the next turn (after an answer, or at the start). */
  const listen = useCallback(() => {
    const media = stream.current;
    if (!media || recorder.current) return;
    const mimeType = MIME_CHOICES.find((m) => MediaRecorder.isTypeSupported?.(m));
    const rec = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      if (rec.ondataavailable && chunks.length && heard.current.voice) handlers.current.onTurn(new Blob(chunks, { type: rec.mimeType || 'audio/webm' }));
    };
    recorder.current = rec;
    heard.current = { voice: false, lastVoiceAt: 0, startedAt: performance.now(), loudSince: 0 };
    rec.start(250);
    listeningRef.current = true;
    setListening(true);
  }, []);

  const tick = useCallback(() => {
    const node = analyser.current;
    if (!node) return;
    const data = new Float32Array(node.fftSize);
    node.getFloatTimeDomainData(data);
    let sum = 0;
    for (const v of data) sum += v * v;
    const rms = Math.sqrt(sum / data.length);
    setLevel(rms);
    const now = performance.now();
    const h = heard.current;
    if (listeningRef.current) {
      if (rms >= SPEECH_LEVEL) {
        h.voice = true;
        h.lastVoiceAt = now;
      }
      const long = now - h.startedAt >= TALK_LIMITS.turnMaxSeconds * 1000;
      if (h.voice && (now - h.lastVoiceAt >= SILENCE_MS || long)) endTurn(true);
      else if (!h.voice && long) {
        // A minute of silence: start a fresh recording rather than send nothing.
        endTurn(false);
        listen();
      }
    } else if (rms >= BARGE_LEVEL) {
      if (!h.loudSince) h.loudSince = now;
      if (now - h.loudSince >= BARGE_MS) {
        h.loudSince = 0;
        handlers.current.onBargeIn();
      }
    } else h.loudSince = 0;
  }, [endTurn, listen]);

  const stop = useCallback(() => {
    endTurn(false);
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    void audioCtx.current?.close().catch(() => undefined);
    audioCtx.current = null;
    analyser.current = null;
    setOn(false);
    setLevel(0);
  }, [endTurn]);

  const start = useCallback(async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined' || typeof AudioContext === 'undefined') {
      setError(MSG.voiceRecordUnsupported);
      return;
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch {
      setError(MSG.talkMicDenied);
      return;
    }
    const ctx = new AudioContext();
    const node = ctx.createAnalyser();
    node.fftSize = 1024;
    ctx.createMediaStreamSource(stream.current).connect(node);
    audioCtx.current = ctx;
    analyser.current = node;
    timer.current = window.setInterval(tick, TICK_MS);
    setOn(true);
    listen();
  }, [listen, tick]);

  useEffect(() => stop, [stop]);

  return { on, listening, level, error, start, stop, listen, pause: () => endTurn(false) };
}
