import { MSG, VIDEO_IMAGE_ID, VIDEO_TEMPLATE_OF, VIDEO_TOOLS, type TaskFile } from '@wanxiang/contract';
import { VideoError, type VendorTask, type VideoJob, type VideoPicture, type VideoRoute } from '../../../../infra/video';
import { TaskFailure, type TaskHandler, type TaskOutcome, type TaskRow, type TaskRunTools } from '../../../../jobs';
import { DEMO_FAILURE_MARKER } from '../../image-prompt';
import type { TaskHandlersContext } from '../../handlers-context';
import { videoOf } from './backend';
import { demoFilm, demoPictures } from './demo-film';
import { finishVideo } from './finish';
import { durationOf, ratioOf, readPicture, text } from './inputs';

/**
 * 文生视频 / 图生视频 and the vendor templates: the job goes to the vendor of videos.json's route
 * (its task id kept with setVendor, so a re-claimed task polls instead of paying twice), or in
 * demo mode to the ffmpeg demo film; either way the result is re-encoded and labelled by us
 * (finishVideo) and saved with a poster frame.
 */

const TIMEOUT_MS = 20 * 60_000;

export function videoFailure(err: unknown): Error {
  if (err instanceof TaskFailure) return err;
  if (err instanceof VideoError) {
    const byKind = {
      network: MSG.vgNetwork,
      auth: MSG.vgKeyRefused,
      refused: MSG.vgRefused,
      failed: MSG.vgFailed,
      bad_answer: MSG.vgBadAnswer,
      expired: MSG.vgExpired,
      unsupported: MSG.vgFailed,
    };
    return new TaskFailure(byKind[err.kind]);
  }
  return err instanceof Error ? err : new TaskFailure(MSG.vgFailed);
}

const titleOf = (id: string) => VIDEO_TOOLS.find((t) => t.id === id)?.title ?? '视频';

/** Run a job on a vendor route, mapping its states onto the task's progress and kept vendor data. */
async function onVendor(route: VideoRoute, job: VideoJob, task: TaskRow, tools: TaskRunTools): Promise<Buffer> {
  await tools.progress(5, MSG.vgStageSubmitting);
  const resume = task.vendor && typeof task.vendor === 'object' && 'taskId' in task.vendor ? (task.vendor as VendorTask) : undefined;
  try {
    const result = await route.adapter.run(job, {
      signal: tools.signal,
      progress: (pct, state) => tools.progress(pct, state === 'queued' ? MSG.vgStageQueued : MSG.vgStageRunning),
      keep: (t) => tools.setVendor(t),
      ...(resume ? { resume } : {}),
    });
    return result.video;
  } catch (err) {
    if (tools.signal.aborted) throw err;
    throw videoFailure(err);
  }
}

/** Save the labelled video and its poster; the video's entry points at the poster as its thumbnail. */
async function saveVideo(raw: Buffer, task: TaskRow, tools: TaskRunTools, demo: boolean, title: string): Promise<TaskOutcome> {
  await tools.progress(92, MSG.vgStageEncoding);
  const done = await finishVideo(raw, task.id, demo, tools.signal);
  const name = `${title}${demo ? '-演示' : ''}`;
  const poster = await tools.saveFile({
    name: `${name}-封面.jpg`,
    contentType: 'image/jpeg',
    body: done.poster,
    width: done.width,
    height: done.height,
  });
  const video = await tools.saveFile({
    name: `${name}.mp4`,
    contentType: 'video/mp4',
    body: done.mp4,
    width: done.width,
    height: done.height,
  });
  const files: TaskFile[] = [{ ...video, thumbUrl: poster.url }, poster];
  return { files, text: demo ? `${MSG.vgDemoNote}。${MSG.vgAiNote}` : MSG.vgAiNote };
}

function demoFailure(demo: boolean, inputs: TaskRow['inputs']): void {
  if (demo && Object.values(inputs).some((v) => typeof v === 'string' && v.includes(DEMO_FAILURE_MARKER)))
    throw new TaskFailure(MSG.vgDemoFailure);
}

/** 文生视频 (no picture) and 图生视频 (a picture and a motion prompt). */
export function generationHandler(ctx: TaskHandlersContext, toolId: string): TaskHandler {
  const withImage = toolId === VIDEO_IMAGE_ID;
  const op = withImage ? 'image2video' : 'text2video';
  return {
    name: toolId,
    timeoutMs: ctx.config.video?.timeoutMs ?? TIMEOUT_MS,
    refuse(inputs) {
      if (!withImage && !text(inputs.text)) return MSG.vgPromptRequired;
      const backend = videoOf(ctx);
      return backend.demo || backend.route(op) ? null : MSG.vgNotEnabled(titleOf(toolId));
    },
    async run(task, tools) {
      const backend = videoOf(ctx);
      const inputs = task.inputs;
      demoFailure(backend.demo, inputs);
      const style = text(inputs.style);
      const prompt = [text(inputs.text).replace(DEMO_FAILURE_MARKER, ''), style ? `${style}风格` : ''].filter(Boolean).join('，');
      const duration = durationOf(inputs.duration);
      const ratio = ratioOf(inputs.ratio);
      const image = withImage ? await readPicture(ctx, task.userId, inputs.image, '图片') : undefined;
      const title =
        (text(inputs.text) || '图生视频')
          .replace(DEMO_FAILURE_MARKER, '')
          .replace(/[\\/:*?"<>|\s]+/g, '')
          .slice(0, 16) || 'AI视频';
      if (backend.demo) {
        await tools.progress(10, MSG.vgStagePainting);
        const pictures: VideoPicture[] = image
          ? [image]
          : await demoPictures(ctx, prompt || '视频', duration === 10 ? 3 : 2, ratio, tools.signal);
        await tools.progress(50, MSG.vgStageNarrating);
        const raw = await demoFilm(ctx, { pictures, narration: prompt || '图片动起来', duration, ratio, signal: tools.signal });
        return saveVideo(raw, task, tools, true, title);
      }
      const route = backend.route(op);
      if (!route) throw new TaskFailure(MSG.vgNotEnabled(titleOf(toolId)));
      const job: VideoJob = { op, model: route.model, prompt, duration, ratio, audio: inputs.audio !== false, ...(image ? { image } : {}) };
      return saveVideo(await onVendor(route, job, task, tools), task, tools, false, title);
    },
  };
}

/** A vendor template (拥抱, 表情, 跳舞, 换脸, 数字人, 口型同步): refused before anything is held unless videos.json routes it to a configured vendor. */
export function templateHandler(ctx: TaskHandlersContext, toolId: keyof typeof VIDEO_TEMPLATE_OF): TaskHandler {
  const name = VIDEO_TEMPLATE_OF[toolId];
  return {
    name: toolId,
    timeoutMs: ctx.config.video?.timeoutMs ?? TIMEOUT_MS,
    refuse() {
      return videoOf(ctx).template(name) ? null : MSG.vgNotEnabled(titleOf(toolId));
    },
    async run(task, tools) {
      const route = videoOf(ctx).template(name);
      if (!route) throw new TaskFailure(MSG.vgNotEnabled(titleOf(toolId)));
      const inputs = task.inputs;
      const image = inputs.image ? await readPicture(ctx, task.userId, inputs.image, '照片') : undefined;
      const image2 = inputs.image2 ? await readPicture(ctx, task.userId, inputs.image2, '第二张照片') : undefined;
      const job: VideoJob = {
        op: 'template',
        model: route.model,
        prompt: text(inputs.text),
        scene: route.scene ?? text(inputs.scene),
        duration: 5,
        ratio: '16:9',
        audio: true,
        ...(image ? { image } : {}),
        ...(image2 ? { image2 } : {}),
      };
      return saveVideo(await onVendor(route, job, task, tools), task, tools, false, titleOf(toolId));
    },
  };
}
