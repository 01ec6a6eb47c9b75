import { arr, asyncAdapter, dataUrl, obj, readJson, str, videoFetch, type AsyncProtocol } from './http';
import { VideoError, type VideoAdapter, type VideoHttp, type VideoVendorSetup } from './types';

/**
 * Zhipu CogVideoX: `POST {base}/videos/generations` with a Bearer key and {model (cogvideox-3,
 * cogvideox-flash), prompt, image_url? (a URL or base64: we send a data URL), quality, with_audio,
 * size, fps, duration} answers {id, task_status}; `GET {base}/async-result/{id}` answers
 * {task_status: PROCESSING|SUCCESS|FAIL, video_result: [{url, cover_image_url}]}.
 */

const SIZES = { '16:9': '1920x1080', '9:16': '1080x1920', '1:1': '1024x1024' } as const;

export function zhipuVideo(setup: VideoVendorSetup, http: VideoHttp): VideoAdapter {
  const base = setup.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${setup.apiKey ?? ''}`, 'content-type': 'application/json' };
  const protocol: AsyncProtocol = {
    vendor: 'zhipu',
    async submit(job, signal) {
      const body = {
        model: job.model,
        prompt: job.prompt,
        ...(job.image ? { image_url: dataUrl(job.image) } : {}),
        quality: 'quality',
        with_audio: job.audio,
        size: SIZES[job.ratio],
        fps: 30,
        duration: job.duration,
      };
      const answer = await readJson(
        await videoFetch(http, `${base}/videos/generations`, { method: 'POST', headers, body: JSON.stringify(body) }, signal),
        'zhipu submit',
      );
      const id = str(answer.id);
      if (!id) throw new VideoError('bad_answer', 'zhipu: no task id');
      if (str(answer.task_status).toUpperCase() === 'FAIL') throw new VideoError('refused', 'zhipu: failed at submit');
      return { taskId: id };
    },
    async poll(task, signal) {
      const answer = await readJson(
        await videoFetch(http, `${base}/async-result/${encodeURIComponent(task.taskId)}`, { method: 'GET', headers }, signal),
        'zhipu poll',
      );
      const status = str(answer.task_status).toUpperCase();
      if (status === 'FAIL') return { state: 'failed', detail: JSON.stringify(answer.error ?? '') };
      if (status === 'SUCCESS') {
        const first = obj(arr(answer.video_result)[0]);
        if (!str(first.url)) throw new VideoError('bad_answer', 'zhipu: succeeded without a video');
        return { state: 'done', url: str(first.url), ...(str(first.cover_image_url) ? { cover: str(first.cover_image_url) } : {}) };
      }
      return { state: 'running' };
    },
  };
  return asyncAdapter(protocol, http);
}
