/** Speech to text: audio or video bytes in, the spoken words out. */
export interface SpeechToText {
  /** 'none' when no service is configured (every call then fails with reason 'not_configured'). */
  readonly name: string;
  transcribe(input: SttInput): Promise<string>;
  /** The words with their times, line by line (subtitles); absent where the service cannot. */
  transcribeTimed?(input: SttInput): Promise<TimedTranscript>;
}

/** One spoken stretch with its times in seconds from the start of the audio. */
export interface TimedSegment {
  start: number;
  end: number;
  text: string;
}

export interface TimedTranscript {
  text: string;
  segments: TimedSegment[];
  duration?: number;
}

export interface SttInput {
  data: Buffer;
  /** File name with its extension: vendors pick the decoder by it. */
  filename: string;
  mime: string;
  signal?: AbortSignal;
}

/**
 * Why a transcription failed. The message is for logs only (vendor text is redacted of the key);
 * users see a Chinese sentence chosen by the reason.
 */
export type SttFailure = 'not_configured' | 'auth' | 'rejected' | 'rate_limited' | 'upstream' | 'timeout' | 'network';

export class SttError extends Error {
  constructor(
    readonly reason: SttFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SttError';
  }
}
