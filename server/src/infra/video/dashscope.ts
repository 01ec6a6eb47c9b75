import { asyncAdapter, dataUrl, obj, readJson, str, videoFetch, type AsyncProtocol } from './http';
import { VideoError, type VideoAdapter, type VideoHttp, type VideoVendorSetup } from './types';

/**
 * DashScope Wan (万相): `POST {origin}/api/v1/services/aigc/video-generation/video-synthesis`
 * with a Bearer key and `X-DashScope-Async: enable`, {model (wan2.x-t2v / -i2v), input: {prompt,
 * img_url? (a URL or a base64 data URL)}, parameters: {size (t2v, '1280*720') or resolution (i2v,
 * '720P'), duration}} answers {output: {task_id, task_status}}; `GET {origin}/api/v1/tasks/{id}`
 * answers {output: {task_status: PENDING|RUNNING|SUCCEEDED|FAILED|CANCELED|UNKNOWN, video_url,
 * message}}. The origin is the one of chat's DashScope base URL (compatible-mode/v1 is chat's path).
 */

const SIZES = { '16:9': '1280*720', '9:16': '720*1280', '1:1': '960*960' } as const;

export function dashscopeVideo(setup: VideoVendorSetup, http: VideoHttp): VideoAdapter {
  const origin = new URL(setup.baseUrl).origin;
  const headers = { authorization: `Bearer ${setup.apiKey ?? ''}`, 'content-type': 'application/json' };
  const protocol: AsyncProtocol = {
    vendor: 'dashscope',
    async submit(job, signal) {
      const body = {
        model: job.model,
        input: { prompt: job.prompt, ...(job.image ? { img_url: dataUrl(job.image) } : {}) },
        parameters: {
          ...(job.image ? { resolution: '720P' } : { size: SIZES[job.ratio] }),
          duration: job.duration,
          ...(/wan2\.[5-9]/.test(job.model) ? { audio: job.audio } : {}),
        },
      };
      const res = await videoFetch(
        http,
        `${origin}/api/v1/services/aigc/video-generation/video-synthesis`,
        { method: 'POST', headers: { ...headers, 'X-DashScope-Async': 'enable' }, body: JSON.stringify(body) },
        signal,
      );
      const answer = await readJson(res, 'dashscope submit');
      const id = str(obj(answer.output).task_id);
      if (!id) throw new VideoError('refused', `dashscope: no task id ${str(answer.code)} ${str(answer.message)}`);
      return { taskId: id };
    },
    async poll(task, signal) {
      const answer = await readJson(
        await videoFetch(http, `${origin}/api/v1/tasks/${encodeURIComponent(task.taskId)}`, { method: 'GET', headers }, signal),
        'dashscope poll',
      );
      const out = obj(answer.output);
      const status = str(out.task_status).toUpperCase();
      if (status === 'FAILED' || status === 'CANCELED') return { state: 'failed', detail: `${str(out.code)} ${str(out.message)}` };
      if (status === 'SUCCEEDED') {
        if (!str(out.video_url)) throw new VideoError('bad_answer', 'dashscope: succeeded without a video');
        return { state: 'done', url: str(out.video_url) };
      }
      return { state: status === 'PENDING' ? 'queued' : 'running' };
    },
  };
  return asyncAdapter(protocol, http);
}
