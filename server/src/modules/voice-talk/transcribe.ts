import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_LIMITS, MSG, TALK_LIMITS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { badRequest, rateLimited, refused } from '../../http/errors';
import { mediaKind, probeBytes } from '../../infra/av';
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

/**
 * One recorded turn (`turn`, at most TALK_LIMITS.turnMaxSeconds) or an uploaded file (`file`, at
 * most MEDIA_LIMITS.audioMaxSeconds) to text. The bytes are typed and timed by ffprobe, never by
 * the name. Without a speech-to-text service, demo mode answers an honest placeholder marked 演示
 * (so the loop still works); a real deployment says the operator has not enabled it.
 */
export async function transcribeTalk(ctx: TalkTranscribeContext, log: FastifyBaseLogger, file: MultipartUpload, mode: 'turn' | 'file'): Promise<TalkTranscript> {
  if (file.data.length === 0) throw badRequest(MSG.talkNeedAudio);
  const facts = await probeBytes(file.data, { timeoutMs: 15_000 });
  // A browser recording (webm/opus) may carry no duration: it is then timed as unknown (0), and the STT bounds it.
  if (!facts || mediaKind(facts) === null || !facts.audio) throw badRequest(MSG.talkNotAudio);
  const seconds = facts.duration;
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
