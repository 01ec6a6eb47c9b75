import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MSG, TALK_LIMITS } from '@wanxiang/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, refused } from '../../http/errors';
import { parse } from '../../http/validate';
import { aigcMetadataArgs, ffmpeg, withWorkDir } from '../../infra/av';
import { SpeechError } from '../../infra/speech';

export const TalkSpeakSchema = z.object({
  text: z.string({ error: MSG.talkTextEmpty }).trim().min(1, { error: MSG.talkTextEmpty }).max(TALK_LIMITS.speakMaxChars, { error: MSG.talkTextTooLong(TALK_LIMITS.speakMaxChars) }),
  voice: z.string().trim().max(64).optional(),
});

export interface TalkSpeech {
  mp3: Buffer;
  demo: boolean;
}

/**
 * One sentence (or a few) of a chat answer spoken as MP3 with the AIGC label in its tags. Not
 * counted against ai_speech: the words were already paid as a chat answer, and reading them aloud
 * is how this page shows that answer; the rate limit and the length cap keep it a reading of
 * answers, not a free TTS service. An unknown voice falls back to the backend's default.
 */
export async function speakTalk(ctx: Pick<AppContext, 'speech'>, input: unknown): Promise<TalkSpeech> {
  const { text, voice } = parse(TalkSpeakSchema, input);
  const speech = ctx.speech;
  if (!speech) throw refused(MSG.voiceFailure.not_configured);
  const known = voice && speech.voices().some((v) => v.id === voice) && !voice.startsWith('clone:') ? voice : undefined;
  if (text.length > speech.maxChars) throw badRequest(MSG.talkTextTooLong(speech.maxChars));
  let spoken;
  try {
    spoken = await speech.synthesize({ text, voice: known, format: 'mp3' });
  } catch (err) {
    if (err instanceof SpeechError) throw refused(MSG.voiceFailure[err.reason]);
    throw err;
  }
  const mp3 = await withWorkDir(async (dir) => {
    const src = join(dir, spoken.mime === 'audio/mpeg' ? 'in.mp3' : 'in.wav');
    const out = join(dir, 'out.mp3');
    await writeFile(src, spoken.bytes);
    const codec = spoken.mime === 'audio/mpeg' ? ['-c:a', 'copy'] : ['-c:a', 'libmp3lame', '-q:a', '4'];
    await ffmpeg(['-i', src, '-vn', ...codec, ...aigcMetadataArgs(`talk-${randomUUID()}`, 'mp3'), out], { timeoutMs: 30_000 });
    return readFile(out);
  });
  return { mp3, demo: spoken.demo };
}
