import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '@wanxiang/contract';

/**
 * Recording from the microphone in the browser (MediaRecorder + getUserMedia): an elapsed-seconds
 * timer, an automatic stop at `maxSeconds`, and the recording as one Blob (WebM/Opus where the
 * browser has it). Shared by the voice clone's sample field and the voice conversation pages:
 *   const rec = useRecorder({ maxSeconds: 60 });
 *   await rec.start(); ... const blob = await rec.stop();
 * `blob` also holds the last recording (an automatic stop at the limit sets it without a stop()).
 */

export type RecorderState = 'idle' | 'requesting' | 'recording' | 'stopped' | 'error';

export interface Recorder {
  state: RecorderState;
  /** Whole seconds recorded so far (or of the last recording). */
  seconds: number;
  start: () => Promise<void>;
  /** Ends the recording: its Blob, or null when nothing was recording. */
  stop: () => Promise<Blob | null>;
  /** The last recording. */
  blob: Blob | null;
  /** A Chinese sentence when the microphone could not be used. */
  error: string | null;
}

const MIME_CHOICES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/** The recording's container as a file extension (what the upload's name must say). */
export function recordingExtension(blob: Blob): string {
  if (blob.type.includes('ogg')) return 'ogg';
  if (blob.type.includes('mp4')) return 'm4a';
  return 'webm';
}

export function useRecorder({ maxSeconds }: { maxSeconds: number }): Recorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const finished = useRef<Promise<Blob | null> | null>(null);

  const release = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);

  const stop = useCallback(async (): Promise<Blob | null> => {
    const rec = recorder.current;
    if (!rec) return finished.current ? finished.current : null;
    if (rec.state !== 'inactive') rec.stop();
    return finished.current;
  }, []);

  const start = useCallback(async () => {
    if (recorder.current) return;
    setError(null);
    setBlob(null);
    setSeconds(0);
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setError(MSG.voiceRecordUnsupported);
      setState('error');
      return;
    }
    setState('requesting');
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch {
      setError(MSG.voiceRecordDenied);
      setState('error');
      return;
    }
    stream.current = media;
    const mimeType = MIME_CHOICES.find((m) => MediaRecorder.isTypeSupported?.(m));
    const rec = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    finished.current = new Promise<Blob | null>((resolve) => {
      rec.onstop = () => {
        release();
        recorder.current = null;
        const out = chunks.length ? new Blob(chunks, { type: rec.mimeType || mimeType || 'audio/webm' }) : null;
        setBlob(out);
        setState('stopped');
        resolve(out);
      };
    });
    recorder.current = rec;
    const began = performance.now();
    rec.start(250);
    setState('recording');
    timer.current = window.setInterval(() => {
      const s = Math.floor((performance.now() - began) / 1000);
      setSeconds(Math.min(s, maxSeconds));
      if (s >= maxSeconds) void stop();
    }, 200);
  }, [maxSeconds, release, stop]);

  // Leaving the page ends the recording and frees the microphone.
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
      release();
    },
    [release],
  );

  return { state, seconds, start, stop, blob, error };
}
