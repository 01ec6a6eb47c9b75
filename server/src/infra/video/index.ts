import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { VIDEO_TEMPLATES } from '@wanxiang/contract';
import type { Config } from '../../config';
import { VENDORS } from '../../llm/vendors';
import { arkVideo } from './ark';
import { dashscopeVideo } from './dashscope';
import { klingVideo } from './kling';
import type { VideoAdapter, VideoHttp, VideoVendorSetup } from './types';
import { zhipuVideo } from './zhipu';
import { callKey, recordedFetch, type CallRecorder } from '../vendor-settings/recorded';

export * from './types';
export { downloadNow, VIDEO_MAX_DOWNLOAD_BYTES } from './http';
export { klingToken } from './kling';
export { arkVideo, dashscopeVideo, klingVideo, zhipuVideo };

/** Every vendor videos.json may name. */
export const VIDEO_VENDOR_IDS = ['zhipu', 'ark', 'dashscope', 'kling'] as const;
type VideoVendorId = (typeof VIDEO_VENDOR_IDS)[number];

const FACTORIES: Record<VideoVendorId, (setup: VideoVendorSetup, http: VideoHttp) => VideoAdapter> = {
  zhipu: zhipuVideo,
  ark: arkVideo,
  dashscope: dashscopeVideo,
  kling: klingVideo,
};

const RouteSchema = z.object({ vendor: z.enum(VIDEO_VENDOR_IDS), model: z.string().min(1), scene: z.string().optional() });
export const VideosFileSchema = z.object({
  text2video: z.array(RouteSchema).max(20),
  image2video: z.array(RouteSchema).max(20),
  templates: z.partialRecord(z.enum(VIDEO_TEMPLATES as [string, ...string[]]), z.array(RouteSchema).max(20)),
});
export type VideosFile = z.infer<typeof VideosFileSchema>;

/** Read and check server/catalog/videos.json (or the operator's copy): an unknown vendor or template stops the run. */
export function loadVideosFile(path: string): VideosFile {
  const parsed = VideosFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

export interface VideoRoute {
  adapter: VideoAdapter;
  model: string;
  /** Templates: the vendor's scene (Kling effect_scene); absent = the user's choice. */
  scene?: string;
}

/**
 * What the video tools use, per app (ctx.moduleStates under VIDEO_STATE, so tests set their own):
 * for text and image to video, and for each template, the first route of videos.json whose
 * vendor is configured. `demo` (no chat or video vendor key) makes the ffmpeg demo film instead.
 */
export interface VideoBackend {
  demo: boolean;
  route(op: 'text2video' | 'image2video'): VideoRoute | null;
  template(name: string): VideoRoute | null;
}

export const VIDEO_STATE = 'video';

/** The key and base URL of a video vendor: chat's for the chat vendors (zhipu, ark, dashscope), the KLING_* settings for Kling. */
export function videoVendorSetup(config: Pick<Config, 'vendors' | 'video'>, vendor: VideoVendorId): VideoVendorSetup | null {
  if (vendor === 'kling') {
    const k = config.video.kling;
    return k.accessKey && k.secretKey ? { apiKey: k.accessKey, secretKey: k.secretKey, baseUrl: k.baseUrl } : null;
  }
  const cred = config.vendors[vendor];
  const baseUrl = cred?.baseUrl ?? VENDORS.find((v) => v.id === vendor)?.defaultBaseUrl;
  return cred?.apiKey && baseUrl ? { apiKey: cred.apiKey, baseUrl } : null;
}

export function createVideoBackend(
  config: Pick<Config, 'vendors' | 'video'>,
  file: VideosFile,
  opts: { demo: boolean; http?: VideoHttp; calls?: CallRecorder },
): VideoBackend {
  const http = opts.http ?? { fetch, timeoutMs: 60_000 };
  const { calls } = opts;
  // Each HTTP request to a vendor recorded under video:<vendor> (the console's error rate and latency).
  const vendorHttp = (vendor: VideoVendorId): VideoHttp => (calls ? { ...http, fetch: recordedFetch(callKey('video', vendor), calls, http.fetch) } : http);
  const adapters = new Map<VideoVendorId, VideoAdapter | null>();
  const adapterFor = (vendor: VideoVendorId): VideoAdapter | null => {
    if (!adapters.has(vendor)) {
      const setup = videoVendorSetup(config, vendor);
      adapters.set(vendor, setup ? FACTORIES[vendor](setup, vendorHttp(vendor)) : null);
    }
    return adapters.get(vendor) ?? null;
  };
  const first = (routes: VideosFile['text2video'] | undefined): VideoRoute | null => {
    for (const r of routes ?? []) {
      const adapter = adapterFor(r.vendor);
      if (adapter) return { adapter, model: r.model, ...(r.scene ? { scene: r.scene } : {}) };
    }
    return null;
  };
  const text = first(file.text2video);
  const image = first(file.image2video);
  return {
    demo: opts.demo && !text && !image,
    route: (op) => (op === 'text2video' ? text : image),
    template: (name) => first((file.templates as Record<string, VideosFile['text2video']>)[name]),
  };
}
