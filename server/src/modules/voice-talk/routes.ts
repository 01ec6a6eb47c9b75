import type { FastifyInstance } from 'fastify';
import { MEDIA_LIMITS, MSG, ok, TALK_LIMITS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { speakTalk } from './speak';
import { transcribeTalk } from './transcribe';

/**
 * Voice conversation (语音对话, 实时语音, 音频对话; docs/api.md "Voice conversation"). Three steps,
 * the middle one being the chat stream itself (POST /api/v1/chat2/{model}, paid exactly like chat):
 *   POST /v1/voice/talk/transcribe  multipart `file` (+ `mode`: turn | file) -> {text, seconds, demo}
 *   POST /v1/voice/talk/speak       {text, voice?} -> audio/mpeg with the AIGC label
 * Neither takes a count: speech to text is bounded by its rate like the import dialog's, and the
 * spoken answer was paid as a chat answer.
 */
export async function registerVoiceTalkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await enableMultipart(scope, MEDIA_LIMITS.audioMaxBytes);
    scope.post('/v1/voice/talk/transcribe', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `talk:stt:${user.id}`, 60, TALK_LIMITS.transcribesPerMinute, MSG.talkTooFrequent);
      const file = await readSingleFile(req, MSG.talkFileTooLarge, MSG.talkNeedAudio);
      const mode = file.fields.mode === 'file' ? 'file' : 'turn';
      return ok(await transcribeTalk(ctx, req.log, file, mode));
    });
  });
  app.post('/v1/voice/talk/speak', async (req, reply) => {
    const user = requireUser(req);
    await enforce(ctx.kv, `talk:tts:${user.id}`, 60, TALK_LIMITS.speaksPerMinute, MSG.talkTooFrequent);
    const spoken = await speakTalk(ctx, req.body);
    return reply
      .header('content-type', 'audio/mpeg')
      .header('cache-control', 'no-store')
      .header('x-aigc', '1')
      .header('x-demo', spoken.demo ? '1' : '0')
      .send(spoken.mp3);
  });
}
