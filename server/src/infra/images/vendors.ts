import { createDashScopeWanxAdapter } from './dashscope-wanx';
import { createOpenAiImagesAdapter } from './openai-images';
import { createSiliconFlowAdapter } from './siliconflow';
import { createComfyAdapter } from './comfyui';
import { comfyDirFor } from './comfyui-workflows';
import type { ImageAdapterFactory } from './types';

export type { ImageAdapterFactory, ImageVendorSetup } from './types';


/**
 * Image vendors by id, as named in server/catalog/images.json. One protocol adapter may serve
 * several vendors (the OpenAI images protocol: openai, ark, zhipu). Each entry: its factory, and
 * what switches it on (a key, or only a base URL for a self-hosted server).
 */
export interface ImageVendorEntry {
  factory: ImageAdapterFactory;
  activation: 'apiKey' | 'baseUrl';
  /** Public base URL when the operator gives none (absent: the operator must give one). */
  defaultBaseUrl?: string;
}

/** Every vendor id images.json may name ('demo' = the local demo painter). */
export const IMAGE_VENDOR_IDS = ['openai', 'ark', 'zhipu', 'siliconflow', 'dashscope', 'comfyui', 'demo'] as const;

export const IMAGE_VENDORS: Partial<Record<(typeof IMAGE_VENDOR_IDS)[number], ImageVendorEntry>> = {
  // The OpenAI images protocol (openai-images.ts), with the chat vendors' keys and base URLs.
  openai: { factory: (setup) => createOpenAiImagesAdapter('openai', setup), activation: 'apiKey', defaultBaseUrl: 'https://api.openai.com/v1' },
  ark: { factory: (setup) => createOpenAiImagesAdapter('ark', setup), activation: 'apiKey', defaultBaseUrl: 'https://ark.cn-beijing.volces.com/api/v3' },
  zhipu: { factory: (setup) => createOpenAiImagesAdapter('zhipu', setup), activation: 'apiKey', defaultBaseUrl: 'https://open.bigmodel.cn/api/paas/v4' },
  siliconflow: { factory: createSiliconFlowAdapter, activation: 'apiKey', defaultBaseUrl: 'https://api.siliconflow.cn/v1' },
  // Wanx runs on the origin of chat's DashScope base URL (dashscope-wanx.ts).
  dashscope: { factory: (setup) => createDashScopeWanxAdapter(setup), activation: 'apiKey', defaultBaseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1' },
  // A self-hosted ComfyUI, on by COMFYUI_BASE_URL alone: the workflows of server/catalog/comfyui/ (comfyui.ts).
  comfyui: { factory: (setup) => createComfyAdapter(setup, { dir: comfyDirFor(setup.catalogDir) }), activation: 'baseUrl' },
};
