import type { FastifyInstance } from 'fastify';
import { MSG, ok, VOICE_LIMITS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { deleteUserClone, pickerVoices, renameUserClone, submitCloneSpeech, uploadCloneSample, userClones } from './service';

/**
 * Voice (issue 15; docs/api.md "Voice"):
 *   GET    /v1/voice/voices              the picker's voices: presets (+ the caller's clones when signed in)
 *   GET    /v1/voice/clones              the caller's clones
 *   PATCH  /v1/voice/clones/{id} {name}  rename
 *   DELETE /v1/voice/clones/{id}         delete (at the vendor too)
 * The spec's audio clone calls (search-agents-tools 7.6), login required:
 *   POST /v1/audio_clone/upload    multipart `file` (+ name, consent=true) -> {task_id, file_id}
 *   GET|POST /v1/audio_clone/files -> the caller's clones
 *   POST /v1/audio_clone/delete {id}
 *   POST /v1/audio_clone/generate | clone_infer {id|voice, text, speed?, pitch?, format?} -> {task_id}
 *   GET|POST /v1/audio_clone/template -> the preset voices
 */
export async function registerVoiceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/v1/voice/voices', async (req, reply) => reply.header('cache-control', 'no-store').send(ok(await pickerVoices(ctx, req.authUser))));
  app.get('/v1/voice/clones', async (req, reply) => reply.header('cache-control', 'no-store').send(ok(await userClones(ctx, requireUser(req)))));
  app.patch('/v1/voice/clones/:id', async (req) => ok(await renameUserClone(ctx, requireUser(req), (req.params as { id: string }).id, req.body)));
  app.delete('/v1/voice/clones/:id', async (req) => ok(await deleteUserClone(ctx, requireUser(req), (req.params as { id: string }).id)));

  await app.register(async (scope) => {
    await enableMultipart(scope, VOICE_LIMITS.sampleMaxBytes);
    scope.post('/v1/audio_clone/upload', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `files:upload:${user.id}`, 60, 30, MSG.filesUploadsTooFast);
      const file = await readSingleFile(req, MSG.filesTooLarge('声音样本', VOICE_LIMITS.sampleMaxBytes / 1024 / 1024), MSG.voiceMissingSample);
      return ok(await uploadCloneSample(ctx, user, file));
    });
  });
  for (const method of ['get', 'post'] as const) {
    app[method]('/v1/audio_clone/files', async (req, reply) => reply.header('cache-control', 'no-store').send(ok(await userClones(ctx, requireUser(req)))));
    app[method]('/v1/audio_clone/template', async (req, reply) => {
      requireUser(req);
      const { voices, ...rest } = await pickerVoices(ctx, null);
      return reply.header('cache-control', 'no-store').send(ok({ ...rest, voices }));
    });
  }
  app.post('/v1/audio_clone/delete', async (req) => ok(await deleteUserClone(ctx, requireUser(req), req.body)));
  for (const call of ['generate', 'clone_infer'] as const) {
    app.post(`/v1/audio_clone/${call}`, async (req) => ok(await submitCloneSpeech(ctx, requireUser(req), req.body)));
  }
}
