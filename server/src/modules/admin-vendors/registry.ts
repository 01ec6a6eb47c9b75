import type { VendorKind } from '@wanxiang/contract';
import type { Config, VendorCredential } from '../../config';
import { VENDORS } from '../../llm/vendors';

/** How the console's test button reaches a vendor. */
export type VendorProbe =
  /** OpenAI-compatible: a 1-token completion with a catalog model of the vendor, else GET {base}/models. */
  | 'openai'
  /** GET {base}{path}: any 2xx answer is a vendor that is up (keyless services, relays). */
  | { get: string }
  /** No cheap call that proves anything (signed requests, per-call billing): no test button. */
  | null;

/** One vendor the product knows, for the console: where its settings come from and how to test it. */
export interface VendorEntry {
  id: string;
  kind: VendorKind;
  name: string;
  activation: 'apiKey' | 'baseUrl';
  defaultBaseUrl?: string;
  /** Saved in the console and in force without a restart: the chat vendors, which the LLM gateway reads per call. */
  editable: boolean;
  probe: VendorProbe;
  /** The environment's values. */
  env(config: Config): VendorCredential;
}

/**
 * Every vendor of the product: the chat vendors of the LLM registry (llm/vendors.ts), then the image, speech, speech
 * recognition, music, video and search services. The others' backends are built once at boot from their settings
 * (context.ts), so only the environment sets them; the page shows them with their numbers and, where cheap, a test.
 */
export const VENDOR_ENTRIES: readonly VendorEntry[] = [
  ...VENDORS.map(
    (v): VendorEntry => ({
      id: v.id,
      kind: 'chat',
      name: v.name,
      activation: v.activation,
      defaultBaseUrl: v.defaultBaseUrl,
      editable: true,
      probe: 'openai',
      env: (c) => c.vendors[v.id] ?? {},
    }),
  ),
  { id: 'siliconflow', kind: 'image', name: '硅基流动（绘图）', activation: 'apiKey', editable: false, probe: 'openai', env: (c) => c.images.siliconflow },
  { id: 'comfyui', kind: 'image', name: 'ComfyUI（自建绘图）', activation: 'baseUrl', editable: false, probe: { get: '/system_stats' }, env: (c) => c.images.comfyui },
  {
    id: 'tts',
    kind: 'speech',
    name: '语音合成',
    activation: 'apiKey',
    editable: false,
    probe: null,
    env: (c) => ({ baseUrl: c.tts?.baseUrl, apiKey: c.tts?.provider && c.tts.provider !== 'none' ? c.tts.apiKey : undefined }),
  },
  {
    id: 'stt',
    kind: 'stt',
    name: '语音识别（Whisper 兼容）',
    activation: 'apiKey',
    editable: false,
    probe: 'openai',
    env: (c) => ({ baseUrl: c.stt.baseUrl, apiKey: c.stt.apiKey }),
  },
  { id: 'minimax-music', kind: 'music', name: 'MiniMax 音乐', activation: 'apiKey', editable: false, probe: null, env: (c) => c.music.minimax },
  { id: 'suno', kind: 'music', name: 'Suno（中转）', activation: 'baseUrl', editable: false, probe: null, env: (c) => ({ baseUrl: c.music.suno.relayUrl, apiKey: c.music.suno.apiKey }) },
  {
    id: 'kling',
    kind: 'video',
    name: '可灵 Kling（视频）',
    activation: 'apiKey',
    editable: false,
    probe: null,
    env: (c) => ({ baseUrl: c.video.kling.baseUrl, apiKey: c.video.kling.accessKey }),
  },
  { id: 'searxng', kind: 'search', name: 'SearXNG（联网搜索）', activation: 'baseUrl', editable: false, probe: { get: '/search?q=test&format=json' }, env: (c) => ({ baseUrl: c.webSearch.searxngUrl }) },
];

const byId = new Map(VENDOR_ENTRIES.map((v) => [v.id, v]));

export function vendorEntry(id: string): VendorEntry | undefined {
  return byId.get(id);
}
