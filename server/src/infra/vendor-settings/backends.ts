import type { VendorKind } from '@wanxiang/contract';
import type { Config, VendorCredential } from '../../config';
import { VENDORS } from '../../llm/vendors';

/**
 * The vendors behind the media and search backends (images, speech, speech recognition, music, video, web search) that
 * the console can set, beside the chat vendors: where the environment puts their values, and how the values in force
 * (the console's over the environment's, VendorSettings.credential) are laid over the configuration the backends are
 * built from (`withVendorSettings`), so that a save rebuilds them from the very factories the boot uses.
 */
export interface BackendVendor {
  id: string;
  kind: Exclude<VendorKind, 'chat'>;
  name: string;
  /** Whether a key or only a base URL switches it on. */
  activation: 'apiKey' | 'baseUrl';
  /** Signs with a key pair: the console asks for a second secret beside the key (Kling's secret key). */
  pairedSecret?: boolean;
  /** The base URL used when neither the console nor the environment sets one (shown as the placeholder). */
  defaultBaseUrl?: string;
  /** The environment's values. */
  env(config: Config): VendorCredential;
  /** The configuration with `cred` (the values in force) in place of the environment's; `saved`: the console set some. */
  apply(config: Config, cred: VendorCredential, saved: boolean): Config;
}

const TTS_TIMEOUT_MS = 60_000;

export const BACKEND_VENDORS: readonly BackendVendor[] = [
  {
    id: 'siliconflow',
    kind: 'image',
    name: '硅基流动（绘图）',
    activation: 'apiKey',
    env: (c) => c.images.siliconflow,
    apply: (c, cred) => ({ ...c, images: { ...c.images, siliconflow: { ...c.images.siliconflow, ...defined(cred) } } }),
  },
  {
    id: 'comfyui',
    kind: 'image',
    name: 'ComfyUI（自建绘图）',
    activation: 'baseUrl',
    env: (c) => c.images.comfyui,
    apply: (c, cred) => ({ ...c, images: { ...c.images, comfyui: { ...c.images.comfyui, ...defined(cred) } } }),
  },
  {
    id: 'tts',
    kind: 'speech',
    name: '语音合成',
    activation: 'apiKey',
    // TTS_PROVIDER=cosyvoice is shown under its own entry below.
    env: (c) => (c.tts?.provider === 'cosyvoice' ? {} : { baseUrl: c.tts?.baseUrl, apiKey: c.tts?.provider && c.tts.provider !== 'none' ? c.tts.apiKey : undefined }),
    // A key saved while TTS_PROVIDER is none (or cosyvoice, which has its own entry) speaks the OpenAI protocol
    // (/audio/speech), the one most services share; the model of another protocol is then left to the default.
    apply: (c, cred, saved) => {
      const tts = c.tts ?? { provider: 'none' as const, timeoutMs: TTS_TIMEOUT_MS };
      const switched = saved && (tts.provider === 'none' || tts.provider === 'cosyvoice') && Boolean(cred.apiKey);
      const provider = switched ? 'openai' : tts.provider;
      const model = switched && tts.provider === 'cosyvoice' ? undefined : tts.model;
      return { ...c, tts: { ...tts, provider, model, baseUrl: cred.baseUrl, apiKey: provider === 'none' ? tts.apiKey : cred.apiKey } };
    },
  },
  {
    id: 'cosyvoice',
    kind: 'speech',
    name: '阿里云百炼 CosyVoice（语音合成、声音复刻）',
    activation: 'apiKey',
    defaultBaseUrl: 'https://dashscope.aliyuncs.com',
    env: (c) => (c.tts?.provider === 'cosyvoice' ? { baseUrl: c.tts.baseUrl, apiKey: c.tts.apiKey } : {}),
    // Applied after 语音合成: a key saved here makes CosyVoice the speech vendor (重置 it to go back). TTS_MODEL and
    // TTS_VOICES are kept only when the environment already names CosyVoice (another vendor's would not fit it).
    apply: (c, cred) => {
      if (!cred.apiKey) return c;
      const tts = c.tts ?? { provider: 'none' as const, timeoutMs: TTS_TIMEOUT_MS };
      const same = tts.provider === 'cosyvoice';
      return {
        ...c,
        tts: { ...tts, provider: 'cosyvoice', baseUrl: cred.baseUrl, apiKey: cred.apiKey, model: same ? tts.model : undefined, voicesJson: same ? tts.voicesJson : undefined, groupId: undefined },
      };
    },
  },
  {
    id: 'stt',
    kind: 'stt',
    name: '语音识别（Whisper 兼容）',
    activation: 'apiKey',
    env: (c) => ({ baseUrl: c.stt.baseUrl, apiKey: c.stt.apiKey }),
    // STT_PROVIDER has one protocol besides none: a save in the console switches it on.
    apply: (c, cred, saved) => ({
      ...c,
      stt: { ...c.stt, provider: saved ? 'openai' : c.stt.provider, baseUrl: cred.baseUrl ?? c.stt.baseUrl, apiKey: cred.apiKey },
    }),
  },
  {
    id: 'minimax-music',
    kind: 'music',
    name: 'MiniMax 音乐',
    activation: 'apiKey',
    env: (c) => ({ baseUrl: c.music.minimax.baseUrl, apiKey: c.music.minimax.apiKey }),
    apply: (c, cred) => ({ ...c, music: { ...c.music, minimax: { ...c.music.minimax, ...defined(cred, ['baseUrl', 'apiKey']) } } }),
  },
  {
    id: 'suno',
    kind: 'music',
    name: 'Suno（中转）',
    activation: 'baseUrl',
    env: (c) => ({ baseUrl: c.music.suno.relayUrl, apiKey: c.music.suno.apiKey }),
    apply: (c, cred) => ({ ...c, music: { ...c.music, suno: { ...c.music.suno, relayUrl: cred.baseUrl, apiKey: cred.apiKey } } }),
  },
  {
    id: 'kling',
    kind: 'video',
    name: '可灵 Kling（视频）',
    activation: 'apiKey',
    pairedSecret: true,
    env: (c) => ({ baseUrl: c.video.kling.baseUrl, apiKey: c.video.kling.accessKey, secretKey: c.video.kling.secretKey }),
    apply: (c, cred) => ({
      ...c,
      video: { ...c.video, kling: { baseUrl: cred.baseUrl ?? c.video.kling.baseUrl, accessKey: cred.apiKey, secretKey: cred.secretKey } },
    }),
  },
  {
    id: 'searxng',
    kind: 'search',
    name: 'SearXNG（联网搜索）',
    activation: 'baseUrl',
    env: (c) => ({ baseUrl: c.webSearch.searxngUrl }),
    // A URL saved in the console means SearXNG, whatever WEB_SEARCH_PROVIDER decided at boot.
    apply: (c, cred, saved) => ({
      ...c,
      webSearch: { ...c.webSearch, searxngUrl: cred.baseUrl, ...(saved && cred.baseUrl ? { provider: 'searxng' as const } : {}) },
    }),
  },
];

/** What `withVendorSettings` reads of the vendor settings (VendorSettings). */
export interface VendorValues {
  credential(id: string): VendorCredential;
  savedOf(id: string): unknown;
}

/** The environment's values of every vendor by id: the chat vendors' (config.vendors) and the backends'. */
export function vendorEnv(config: Config): Record<string, VendorCredential> {
  const env: Record<string, VendorCredential> = { ...config.vendors };
  for (const b of BACKEND_VENDORS) env[b.id] = b.env(config);
  return env;
}

/**
 * The configuration the backends are built from, with the values in force of every vendor: the chat vendors' (image
 * and video backends of Zhipu, Ark, DashScope and OpenAI use their keys) and each backend vendor's.
 */
export function withVendorSettings(config: Config, values: VendorValues): Config {
  const vendors: Record<string, VendorCredential> = { ...config.vendors };
  for (const v of VENDORS) {
    if (!values.savedOf(v.id)) continue;
    const cred = values.credential(v.id);
    vendors[v.id] = defined(cred);
  }
  let out: Config = { ...config, vendors };
  for (const b of BACKEND_VENDORS) {
    const saved = Boolean(values.savedOf(b.id));
    if (saved) out = b.apply(out, values.credential(b.id), true);
  }
  return out;
}

/** The fields of `cred` that hold a value (a spread must not blank a default with undefined). */
function defined(cred: VendorCredential, keys: readonly (keyof VendorCredential)[] = ['baseUrl', 'apiKey', 'secretKey']): VendorCredential {
  const out: VendorCredential = {};
  for (const k of keys) if (cred[k] !== undefined) out[k] = cred[k];
  return out;
}
