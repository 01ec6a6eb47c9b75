import { MSG, VIDEO_EDIT_LIMITS } from '@wanxiang/contract';
import { aigcMetadataArgs, cornerMarkFilter, ffmpeg } from '../../../../infra/av';
import { TaskFailure, type TaskHandler, type TaskRow, type TaskRunTools } from '../../../../jobs';
import type { TaskHandlersContext } from '../../handlers-context';
import { enhanceByFrames, type FrameOp } from './frames-through-images';
import { baseName, demoFailure, H264_ARGS, readVideo, refusalOf, videoTimeout, withVideo, type InputVideo } from './video-inputs';

/**
 * 视频高清修复 and 视频抠像 are vendor work: with an image vendor that routes `upscale` / `matting`
 * (ComfyUI, DashScope...) every frame of a short clip goes through it (frames-through-images.ts);
 * with keys but no such route they are clearly not enabled. In demo mode they give a real local
 * ffmpeg result marked 演示 (lanczos 2x upscale with unsharp, capped at 1080p; a colour key of the
 * frame's dominant border colour over a plain background). 视频补帧 is our own real work on any
 * deployment: ffmpeg's motion-compensated interpolation to 60 fps.
 */

const BACKGROUNDS: Record<string, [string, string]> = { green: ['0x00B140', '绿幕'], white: ['0xFFFFFF', '白色背景'], black: ['0x000000', '黑色背景'], blue: ['0x0047BB', '蓝色背景'] };
const audioArgs = (v: InputVideo) => (v.facts.audio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '160k'] : []);

interface LocalPlan {
  id: string;
  /** The image operation a vendor runs frame by frame (vendor tools only). */
  frameOp?: FrameOp;
  /** Only in demo mode (vendor tools), or everywhere (our own work). */
  demoOnly: boolean;
  title: string;
  maxSeconds: number;
  stage: string;
  suffix: string;
  /** Extra submit-time check of the probed video. */
  check?(video: InputVideo): void;
  /** The -filter_complex graph from [0:v] to [v] (the corner mark is added after), and the result's note. */
  plan(video: InputVideo, inputs: TaskRow['inputs'], tools: TaskRunTools, src: string): Promise<{ graph: string; note: string; size?: [number, number] }>;
}

/** The dominant colour of the first frame's border (the backdrop of a plain-background video), as 0xRRGGBB. */
async function borderColour(src: string, signal: AbortSignal): Promise<string> {
  const W = 32;
  const H = 18;
  const raw = await ffmpeg(['-i', src, '-frames:v', '1', '-vf', `scale=${W}:${H}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { signal, timeoutMs: 30_000 });
  const counts = new Map<string, number>();
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (x > 1 && x < W - 2 && y > 1 && y < H - 2) continue;
      const i = (y * W + x) * 3;
      // Quantised so noise in a flat backdrop counts as one colour.
      const key = [raw[i]!, raw[i + 1]!, raw[i + 2]!].map((c) => Math.min(255, Math.round(c / 16) * 16).toString(16).padStart(2, '0')).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '00ff00';
  return `0x${top}`;
}

const PLANS: LocalPlan[] = [
  {
    id: 'clarity',
    frameOp: 'upscale',
    demoOnly: true,
    title: '视频高清修复',
    maxSeconds: VIDEO_EDIT_LIMITS.localEnhanceMaxSeconds,
    stage: MSG.veStageUpscaling,
    suffix: '高清',
    async plan(video) {
      const { width = 0, height = 0 } = video.facts.video ?? {};
      // Twice the size, at most 1080 lines high, even sides (x264 needs them).
      const h = Math.min(1080, height * 2) & ~1;
      const w = Math.round((width * h) / Math.max(1, height)) & ~1;
      return { graph: `[0:v]scale=${w}:${h}:flags=lanczos,unsharp=5:5:0.8:3:3:0.4[v]`, note: MSG.veUpscaled(w, h), size: [w, h] };
    },
  },
  {
    id: 'matting',
    frameOp: 'matting',
    demoOnly: true,
    title: '视频抠像',
    maxSeconds: VIDEO_EDIT_LIMITS.localEnhanceMaxSeconds,
    stage: MSG.veStageMatting,
    suffix: '抠像',
    async plan(video, inputs, tools, src) {
      const [colour, label] = BACKGROUNDS[String(inputs.background)] ?? BACKGROUNDS.green!;
      const key = await borderColour(src, tools.signal);
      const { width = 0, height = 0, fps = 25 } = video.facts.video ?? {};
      return {
        graph: `color=c=${colour}:s=${width}x${height}:r=${fps || 25}[bg];[0:v]format=rgba,colorkey=${key}:0.3:0.15[fg];[bg][fg]overlay=shortest=1,format=yuv420p[v]`,
        note: `${MSG.veMatted(label)}\n\n${MSG.veMattingNote}`,
      };
    },
  },
  {
    id: 'interpolate',
    demoOnly: false,
    title: '视频补帧',
    maxSeconds: VIDEO_EDIT_LIMITS.interpolateMaxSeconds,
    stage: MSG.veStageInterpolating,
    suffix: '60帧',
    check(video) {
      const fps = video.facts.video?.fps ?? 0;
      if (fps >= 59) throw new TaskFailure(MSG.veAlreadySmooth(fps));
    },
    async plan(video) {
      return { graph: '[0:v]minterpolate=fps=60:mi_mode=mci:mc_mode=aobmc:me_mode=bidir:vsbmc=1[v]', note: MSG.veInterpolated(video.facts.video?.fps ?? 0, 60) };
    },
  },
];

export function localVideoHandler(ctx: TaskHandlersContext, id: string, kind: 'clarity' | 'matting' | 'interpolate'): TaskHandler {
  const p = PLANS.find((x) => x.id === kind)!;
  /** The image vendor that runs this tool frame by frame (never in demo mode: the local effect is the demo). */
  const vendorRoute = () => {
    if (!p.frameOp || ctx.llm.demo) return null;
    const route = ctx.images.route(p.frameOp);
    return route && route.adapter.vendor !== 'demo' ? route : null;
  };
  const enabled = () => !p.demoOnly || ctx.llm.demo || vendorRoute() !== null;
  const maxSeconds = () => (vendorRoute() ? VIDEO_EDIT_LIMITS.vendorEnhanceMaxSeconds : p.maxSeconds);
  const read = async (inputs: TaskRow['inputs'], userId: number) => {
    const video = await readVideo(ctx, userId, inputs.video, maxSeconds());
    p.check?.(video);
    return video;
  };
  return {
    name: id,
    timeoutMs: 15 * 60_000,
    refuse: () => (enabled() ? null : MSG.veNotEnabled(p.title)),
    inspect: (inputs, userId) => refusalOf(() => read(inputs, userId)),
    async run(task, tools) {
      if (!enabled()) throw new TaskFailure(MSG.veNotEnabled(p.title));
      const demo = ctx.llm.demo;
      demoFailure(demo, task.inputs);
      await tools.progress(5, MSG.veStageReading);
      const video = await read(task.inputs, task.userId);
      await tools.progress(20, p.stage);
      const route = vendorRoute();
      if (route && p.frameOp) {
        const [colour, label] = BACKGROUNDS[String(task.inputs.background)] ?? BACKGROUNDS.green!;
        const done = await enhanceByFrames(video, task, tools, { op: p.frameOp, route, title: p.title, background: colour.replace(/^0x/, '#'), backgroundLabel: label });
        await tools.progress(90, MSG.veStageSaving);
        const file = await tools.saveFile({ name: `${baseName(video.name)}-${p.suffix}.mp4`, contentType: 'video/mp4', body: done.body });
        return { files: [file], text: done.note };
      }
      let note = '';
      const body = await withVideo(video, tools, 'out.mp4', async (src, _dir, out) => {
        const planned = await p.plan(video, task.inputs, tools, src);
        note = planned.note;
        const graph = `${planned.graph.replace(/\[v\]$/, '')},${cornerMarkFilter(demo ? '演示' : '')}[v]`;
        await ffmpeg(['-i', src, '-filter_complex', graph, '-map', '[v]', ...audioArgs(video), ...H264_ARGS, ...aigcMetadataArgs(task.id, 'mp4'), out], {
          signal: tools.signal,
          timeoutMs: videoTimeout(video.facts.duration, kind === 'interpolate' ? 15 : 6),
        });
      });
      await tools.progress(90, MSG.veStageSaving);
      const file = await tools.saveFile({ name: `${baseName(video.name)}-${p.suffix}${demo ? '-演示' : ''}.mp4`, contentType: 'video/mp4', body });
      return { files: [file], text: [note, ...(demo && p.demoOnly ? [MSG.veDemoLocal] : [])].join('\n\n') };
    },
  };
}
