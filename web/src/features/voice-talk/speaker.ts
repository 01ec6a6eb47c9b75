import { MSG, TALK_LIMITS } from '@wanxiang/contract';
import { takeSentences } from './sentences';
import { speak } from './talk-api';

export interface SpeakerEvents {
  /** Playing (or about to play) something, or quiet again. */
  onSpeaking(speaking: boolean): void;
  /** A sentence finished playing (the page counts them: the e2e reads it). */
  onPlayed(): void;
  onError(msg: string): void;
}

/**
 * Speaks a streamed answer in order: text in (push), finished sentences out to the speech call, one
 * fetched ahead while the one before plays, played on one <audio> element. stop() ends it at once
 * (the stop button, barge-in); idle() resolves once everything pushed before finish() was played.
 */
export class SentenceSpeaker {
  private buffer = '';
  private texts: string[] = [];
  private next: Promise<Blob | null> | null = null;
  private playing = false;
  private finished = false;
  private stopped = false;
  private abort = new AbortController();
  private endPlay: (() => void) | null = null;
  private waiters: (() => void)[] = [];
  private failed = false;

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly events: SpeakerEvents,
  ) {}

  push(delta: string): void {
    if (this.stopped) return;
    this.buffer += delta;
    this.take(false);
  }

  /** The answer is complete: speak what is left. */
  finish(): void {
    if (this.stopped) return;
    this.take(true);
    this.finished = true;
    if (!this.playing) this.settle();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.abort.abort();
    this.texts = [];
    this.next = null;
    this.audio.pause();
    this.endPlay?.();
    this.settle();
  }

  idle(): Promise<void> {
    if (this.stopped || (this.finished && !this.playing)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private take(final: boolean): void {
    const { sentences, rest } = takeSentences(this.buffer, final, TALK_LIMITS.speakMaxChars);
    this.buffer = rest;
    if (sentences.length === 0) return;
    this.texts.push(...sentences);
    if (!this.playing) void this.loop();
  }

  private fetchNext(): Promise<Blob | null> | null {
    const text = this.texts.shift();
    if (text === undefined) return null;
    return speak(text, this.abort.signal).catch((err: unknown) => {
      // One message per answer: a speech service that is off fails every sentence alike.
      if (!this.stopped && !this.failed) {
        this.failed = true;
        this.events.onError(err instanceof Error && err.message ? err.message : MSG.talkSpeakFailed);
      }
      return null;
    });
  }

  private async loop(): Promise<void> {
    this.playing = true;
    this.events.onSpeaking(true);
    while (!this.stopped) {
      const current = this.next ?? this.fetchNext();
      this.next = null;
      if (!current) break;
      const blob = await current;
      if (this.stopped) break;
      this.next = this.fetchNext();
      if (blob) await this.play(blob);
    }
    this.playing = false;
    this.events.onSpeaking(false);
    if (this.finished || this.stopped) this.settle();
  }

  private play(blob: Blob): Promise<void> {
    const url = URL.createObjectURL(blob);
    return new Promise<void>((resolve) => {
      const done = () => {
        this.endPlay = null;
        this.audio.onended = null;
        this.audio.onerror = null;
        URL.revokeObjectURL(url);
        resolve();
      };
      this.endPlay = done;
      this.audio.onended = () => {
        this.events.onPlayed();
        done();
      };
      this.audio.onerror = done;
      this.audio.src = url;
      this.audio.play().catch(done);
    });
  }

  private settle(): void {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((r) => r());
  }
}
