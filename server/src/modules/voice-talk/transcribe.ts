import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_LIMITS, MSG, TALK_LIMITS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { badRequest, rateLimited, refused } from '../../http/errors';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { ffmpeg, mediaKind, probeBytes, withWorkDir } from '../../infra/av';
import { SttError } from '../../infra/stt';
import type { MultipartUpload } from '../uploads/multipart';

export type TalkTranscribeContext = Pick<AppContext, 'stt' | 'llm'>;

export interface TalkTranscript {
  text: string;
  /** Seconds of audio heard (ffprobe). */
  seconds: number;
  /** A placeholder: demo mode without a speech-to-text service (the text says 演示). */
  demo: boolean;
}

/** A container ffprobe names, as the file name's extension vendors pick their decoder by. */
function extensionOf(formatName: string): string {
  if (formatName.includes('webm') || formatName.includes('matroska')) return 'webm';
  if (formatName.includes('mp4') || formatName.includes('m4a') || formatName.includes('mov')) return 'm4a';
  if (formatName.includes('ogg')) return 'ogg';
  if (formatName.includes('wav')) return 'wav';
  if (formatName.includes('flac')) return 'flac';
  if (formatName.includes('aac')) return 'aac';
  return 'mp3';
}

/** 8 kHz mono 16-bit PCM: 16,000 bytes a second. */
const PCM_BYTES_PER_SECOND = 16_000;

/** The length of audio whose container does not say, by decoding at most `capSeconds` of it. */
async function decodedSeconds(bytes: Buffer, capSeconds: number): Promise<number> {
  return withWorkDir(async (dir) => {
    const src = join(dir, 'in');
    await writeFile(src, bytes);
    const pcm = await ffmpeg(['-i', src, '-t', String(capSeconds), '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], { timeoutMs: 30_000, maxOutputBytes: (capSeconds + 1) * PCM_BYTES_PER_SECOND });
    return pcm.length / PCM_BYTES_PER_SECOND;
  });
}

/**
 * One recorded turn (`turn`, at most TALK_LIMITS.turnMaxSeconds) or an uploaded file (`file`, at
 * most MEDIA_LIMITS.audioMaxSeconds) to text. The bytes are typed and timed by ffprobe, never by
 * the name. Without a speech-to-text service, demo mode answers an honest placeholder marked 演示
 * (so the loop still works); a real deployment says the operator has not enabled it.
 */
export async function transcribeTalk(ctx: TalkTranscribeContext, log: FastifyBaseLogger, file: MultipartUpload, mode: 'turn' | 'file'): Promise<TalkTranscript> {
  if (file.data.length === 0) throw badRequest(MSG.talkNeedAudio);
  const facts = await probeBytes(file.data, { timeoutMs: 15_000 });
  if (!facts || mediaKind(facts) === null || !facts.audio) throw badRequest(MSG.talkNotAudio);
  const cap = mode === 'turn' ? TALK_LIMITS.turnMaxSeconds : MEDIA_LIMITS.audioMaxSeconds;
  // A browser recording (MediaRecorder's webm/opus) states no duration: it is timed by decoding it.
  const seconds = facts.duration > 0 ? facts.duration : await decodedSeconds(file.data, cap + 2);
  if (mode === 'turn' && seconds > TALK_LIMITS.turnMaxSeconds + 1) throw badRequest(MSG.talkTooLong(TALK_LIMITS.turnMaxSeconds));
  if (mode === 'file' && seconds > MEDIA_LIMITS.audioMaxSeconds + 1) throw badRequest(MSG.talkFileTooLong(MEDIA_LIMITS.audioMaxSeconds / 60));
  if (seconds > 0 && seconds < TALK_LIMITS.turnMinSeconds) throw badRequest(MSG.talkTooShort);

  if (ctx.stt.name === 'none') {
    if (ctx.llm.demo) return { text: MSG.talkDemoTranscript(seconds), seconds, demo: true };
    throw refused(MSG.talkSttNotEnabled);
  }
  let text: string;
  try {
    text = await ctx.stt.transcribe({ data: file.data, filename: `talk.${extensionOf(facts.formatName)}`, mime: file.mime || 'application/octet-stream' });
  } catch (err) {
    if (!(err instanceof SttError)) throw err;
    log.warn({ err, reason: err.reason }, 'voice talk: speech to text failed');
    if (err.reason === 'not_configured') throw refused(MSG.talkSttNotEnabled);
    if (err.reason === 'rejected') throw refused(MSG.talkNoSpeech);
    if (err.reason === 'rate_limited') throw rateLimited(MSG.talkSttFailed);
    throw refused(MSG.talkSttFailed);
  }
  text = text.trim();
  if (!text) throw refused(MSG.talkNoSpeech);
  return { text, seconds, demo: false };
}
