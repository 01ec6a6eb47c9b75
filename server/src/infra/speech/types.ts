/**
 * Text to speech (issue 15): a text in, spoken audio out. One interface for the vendors (OpenAI
 * speech protocol, MiniMax T2A, DashScope Qwen-TTS and CosyVoice) and for the demo voice (espeak-ng), so the
 * voice tools, video dubbing and voice conversation speak through the same thing.
 */

export interface SpeechVoice {
  /** Our id of the voice (what the form sends); a cloned voice is `clone:<id>`. */
  id: string;
  /** Chinese name shown in the picker. */
  name: string;
  gender?: 'male' | 'female';
  /** Emotions the vendor offers for this voice (our ids: happy, sad, angry...); empty = none. */
  emotions?: readonly string[];
}

export interface SpeechJob {
  text: string;
  /** A SpeechVoice id of this backend; absent = its default voice. */
  voice?: string;
  /** 0.5-2.0, 1 = normal. */
  speed?: number;
  /** Semitones, -12..12, 0 = normal (shifted after synthesis for vendors without pitch). */
  pitch?: number;
  emotion?: string;
  format: 'mp3' | 'wav';
  signal?: AbortSignal;
}

export interface SpeechResult {
  bytes: Buffer;
  mime: 'audio/mpeg' | 'audio/wav';
  /** Made by the demo voice (results say 演示). */
  demo: boolean;
}

export interface TextToSpeech {
  /** 'demo' for espeak-ng, else the vendor id. */
  readonly name: string;
  readonly demo: boolean;
  /** Most characters one synthesize call takes; longer texts are split by the caller (and joined). */
  readonly maxChars: number;
  /**
   * The controls the vendor applies itself. A speed or pitch it lacks is applied after synthesis by
   * ffmpeg's rubberband filter (inFormat in index.ts), so every voice honours the form's settings.
   */
  readonly native?: { speed?: boolean; pitch?: boolean };
  voices(): readonly SpeechVoice[];
  synthesize(job: SpeechJob): Promise<SpeechResult>;
  /** Voice cloning through this backend's vendor (absent = cloning not offered). */
  readonly cloner?: VoiceCloner;
}

export type SpeechFailure = 'not_configured' | 'auth' | 'rejected' | 'rate_limited' | 'upstream' | 'timeout' | 'network' | 'bad_answer';

/** Why speech failed; `message` is for logs (never the key), users see a Chinese sentence chosen by the reason. */
export class SpeechError extends Error {
  constructor(
    readonly reason: SpeechFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SpeechError';
  }
}

/** A voice sample to clone (10-60 s of one speaker, checked by the caller). */
export interface CloneSample {
  bytes: Buffer;
  /** File name with an extension the vendor accepts (mp3, wav, m4a). */
  fileName: string;
  /**
   * The vendor voice id to create (letters and digits, starting with a letter). A vendor that names the voice itself
   * (CosyVoice answers its own voice_id) takes it as the name's prefix; `clone` answers the id to keep.
   */
  voiceId: string;
  signal?: AbortSignal;
}

/**
 * Makes a clone sample downloadable by a vendor for a short time (CosyVoice's enrollment takes a URL, not the bytes):
 * the URL, and `release`, which removes the published copy once the vendor is done. Given by the composition root
 * from the file store's presigned URLs; a store without them (local disk) gives none, and such a vendor no cloner.
 */
export type PublishSample = (bytes: Buffer, fileName: string, signal?: AbortSignal) => Promise<{ url: string; release(): Promise<void> }>;

/**
 * Voice cloning at a vendor: a sample becomes a vendor voice id that `synthesize` then takes as
 * its `voice`; `remove` deletes it there (the user deleting a clone deletes the vendor's copy).
 */
export interface VoiceCloner {
  readonly name: string;
  clone(sample: CloneSample): Promise<{ vendorVoiceId: string }>;
  remove(vendorVoiceId: string, signal?: AbortSignal): Promise<void>;
}
