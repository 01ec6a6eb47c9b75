import { createHmac } from 'node:crypto';
import { arr, asyncAdapter, obj, readJson, str, videoFetch, type AsyncProtocol } from './http';
import { VideoError, type VideoAdapter, type VideoHttp, type VideoJob, type VideoVendorSetup } from './types';

/**
 * Kling (可灵): a JWT (HS256, iss = access key, exp = now + 1800 s, nbf = now - 5 s, signed with
 * the secret key) as the Bearer token. `POST {base}/v1/videos/text2video` {model_name, prompt,
 * duration, aspect_ratio, mode}, `/v1/videos/image2video` {model_name, image (base64 without a
 * data: prefix), prompt, duration} and `/v1/videos/effects` {effect_scene, input: {model_name,
 * image | images: [two], duration}} answer {code: 0, data: {task_id}}; `GET` the same path +
 * `/{id}` answers {code, data: {task_status: submitted|processing|succeed|failed, task_status_msg,
 * task_result: {videos: [{url}]}}}.
 */

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** The Bearer token Kling takes (node:crypto HMAC: no JWT library is a dependency). */
export function klingToken(accessKey: string, secretKey: string, now = Math.floor(Date.now() / 1000)): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ iss: accessKey, exp: now + 1800, nbf: now - 5 }));
  const sig = createHmac('sha256', secretKey).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** Where a job goes and what it sends. */
function request(job: VideoJob): { path: string; body: Record<string, unknown> } {
  const duration = String(job.duration);
  const b64 = (p: { bytes: Buffer }) => p.bytes.toString('base64');
  if (job.op === 'template') {
    if (!job.scene || !job.image) throw new VideoError('unsupported', 'kling: template without a scene or picture');
    const input = {
      model_name: job.model,
      mode: 'std',
      duration: '5',
      ...(job.image2 ? { images: [b64(job.image), b64(job.image2)] } : { image: b64(job.image) }),
    };
    return { path: '/v1/videos/effects', body: { effect_scene: job.scene, input } };
  }
  if (job.image)
    return {
      path: '/v1/videos/image2video',
      body: { model_name: job.model, image: b64(job.image), prompt: job.prompt, duration, mode: 'std' },
    };
  return {
    path: '/v1/videos/text2video',
    body: { model_name: job.model, prompt: job.prompt, duration, aspect_ratio: job.ratio, mode: 'std' },
  };
}

export function klingVideo(setup: VideoVendorSetup, http: VideoHttp): VideoAdapter {
  const base = setup.baseUrl.replace(/\/+$/, '');
  const headers = () => ({
    authorization: `Bearer ${klingToken(setup.apiKey ?? '', setup.secretKey ?? '')}`,
    'content-type': 'application/json',
  });
  const checkCode = (answer: Record<string, unknown>, what: string) => {
    const code = Number(answer.code ?? 0);
    if (code === 0) return;
    // 1000-1004 authentication, 1100-1103 account/balance, 1301-1304 content safety and limits.
    const kind = code >= 1000 && code < 1200 ? 'auth' : code >= 1300 && code < 1400 ? 'refused' : 'failed';
    throw new VideoError(kind, `kling ${what} ${code} ${str(answer.message)}`);
  };
  const protocol: AsyncProtocol = {
    vendor: 'kling',
    async submit(job, signal) {
      const { path, body } = request(job);
      const answer = await readJson(
        await videoFetch(http, `${base}${path}`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }, signal),
        'kling submit',
      );
      checkCode(answer, 'submit');
      const id = str(obj(answer.data).task_id);
      if (!id) throw new VideoError('bad_answer', 'kling: no task id');
      return { taskId: id, pollPath: path };
    },
    async poll(task, signal) {
      const answer = await readJson(
        await videoFetch(
          http,
          `${base}${task.pollPath ?? '/v1/videos/text2video'}/${encodeURIComponent(task.taskId)}`,
          { method: 'GET', headers: headers() },
          signal,
        ),
        'kling poll',
      );
      checkCode(answer, 'poll');
      const data = obj(answer.data);
      const status = str(data.task_status).toLowerCase();
      if (status === 'failed') return { state: 'failed', detail: str(data.task_status_msg) };
      if (status === 'succeed') {
        const url = str(obj(arr(obj(data.task_result).videos)[0]).url);
        if (!url) throw new VideoError('bad_answer', 'kling: succeeded without a video');
        return { state: 'done', url };
      }
      return { state: status === 'submitted' ? 'queued' : 'running' };
    },
  };
  return asyncAdapter(protocol, http);
}
