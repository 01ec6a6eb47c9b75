import { asyncAdapter, dataUrl, obj, readJson, str, videoFetch, type AsyncProtocol } from './http';
import { VideoError, type VideoAdapter, type VideoHttp, type VideoVendorSetup } from './types';

/**
 * Volcengine Ark Seedance: `POST {base}/contents/generations/tasks` with a Bearer key and {model,
 * content: [{type: 'text', text (with --ratio and --duration commands)}, {type: 'image_url',
 * image_url: {url (a data URL)}}]} answers {id}; `GET {base}/contents/generations/tasks/{id}`
 * answers {status: queued|running|succeeded|failed|cancelled, content: {video_url}, error}.
 */

export function arkVideo(setup: VideoVendorSetup, http: VideoHttp): VideoAdapter {
  const base = setup.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${setup.apiKey ?? ''}`, 'content-type': 'application/json' };
  const protocol: AsyncProtocol = {
    vendor: 'ark',
    async submit(job, signal) {
      const text = `${job.prompt} --ratio ${job.image ? 'adaptive' : job.ratio} --duration ${job.duration}`;
      const content = [{ type: 'text', text }, ...(job.image ? [{ type: 'image_url', image_url: { url: dataUrl(job.image) } }] : [])];
      const answer = await readJson(
        await videoFetch(
          http,
          `${base}/contents/generations/tasks`,
          { method: 'POST', headers, body: JSON.stringify({ model: job.model, content }) },
          signal,
        ),
        'ark submit',
      );
      const id = str(answer.id);
      if (!id) throw new VideoError('bad_answer', 'ark: no task id');
      return { taskId: id };
    },
    async poll(task, signal) {
      const answer = await readJson(
        await videoFetch(http, `${base}/contents/generations/tasks/${encodeURIComponent(task.taskId)}`, { method: 'GET', headers }, signal),
        'ark poll',
      );
      const status = str(answer.status).toLowerCase();
      if (status === 'failed' || status === 'cancelled') return { state: 'failed', detail: str(obj(answer.error).message) || status };
      if (status === 'succeeded') {
        const url = str(obj(answer.content).video_url);
        if (!url) throw new VideoError('bad_answer', 'ark: succeeded without a video');
        const cover = str(obj(answer.content).last_frame_url);
        return { state: 'done', url, ...(cover ? { cover } : {}) };
      }
      return { state: status === 'queued' ? 'queued' : 'running' };
    },
  };
  return asyncAdapter(protocol, http);
}
