/**
 * Music generation behind one interface (MiniMax music_generation, a Suno-style relay, the sox
 * demo composer), plus the two operator-run helpers of the music tools: a track separation service
 * and AcoustID lookups. Failures are MusicError: `kind` picks the task's Chinese message, `detail`
 * is for the log only (never shown: it may carry a vendor's words).
 */

export type MusicErrorKind = 'network' | 'auth' | 'refused' | 'failed' | 'bad_answer' | 'expired';

export class MusicError extends Error {
  constructor(
    readonly kind: MusicErrorKind,
    readonly detail: string,
  ) {
    super(`music ${kind}: ${detail}`);
    this.name = 'MusicError';
  }
}

export interface SongRequest {
  /** The description (describe mode) or the style words (custom mode). */
  prompt: string;
  /** Lyrics with line breaks ('' for an instrumental, or to let the vendor write them). */
  lyrics: string;
  /** Style tags, comma or space separated. */
  tags: string;
  title: string;
  instrumental: boolean;
  /** A seed for takes that must differ (demo composer). */
  seed: number;
}

/** One finished take, downloaded (vendor URLs are never kept). */
export interface SongTake {
  audio: Buffer;
  /** Container of `audio` as the vendor gave it ('mp3', 'wav'...). */
  format: string;
  title?: string;
  lyrics?: string;
  tags?: string;
  /** A cover picture the vendor drew, downloaded. */
  cover?: Buffer;
  duration?: number;
}

/** What a song vendor may keep on the task row while it works (its task id for a later claim). */
export type VendorNote = (data: Record<string, unknown>) => Promise<void>;

export interface SongVendor {
  /** Shown in GET /api/v2/config/model/suno and kept on the task row. */
  name: 'minimax' | 'suno' | 'demo';
  /** Every take of one song (two for Suno and the demo; MiniMax is asked twice). */
  song(req: SongRequest, signal: AbortSignal, note: VendorNote): Promise<SongTake[]>;
}

/** HTTP of the adapters: the fetch to use (tests pass one aimed at a local fake) and poll pacing. */
export interface MusicHttp {
  fetch: typeof fetch;
  /** Longest one request may take. */
  timeoutMs: number;
  /** First poll wait and its ceiling (backoff doubles up to it). */
  pollMs?: number;
  pollMaxMs?: number;
}
