import type { VendorKind } from '@wanxiang/contract';
import type { Config, VendorCredential } from '../../config';
import { VENDORS } from '../../llm/vendors';
import { BACKEND_VENDORS } from '../../infra/vendor-settings/backends';

/** How the console's test button reaches a vendor. */
export type VendorProbe =
  /** OpenAI-compatible: a 1-token completion with a catalog model of the vendor, else GET {base}/models. */
  | 'openai'
  /** GET {base}{path}: any 2xx answer is a vendor that is up (keyless services, relays). */
  | { get: string }
  /** A cheap call in the vendor's own protocol (backend-probes.ts): Kling's task list with its JWT, MiniMax's file list, the relay's fetch, a few spoken characters. */
  | 'kling'
  | 'minimax'
  | 'suno'
  | 'speech';

/** One vendor the product knows, for the console: where its settings come from and how to test it. */
export interface VendorEntry {
  id: string;
  kind: VendorKind;
  name: string;
  activation: 'apiKey' | 'baseUrl';
  /** Signs with a key pair (Kling): the console asks for a secret key beside the (access) key. */
  pairedSecret: boolean;
  defaultBaseUrl?: string;
  /** Saved in the console and in force without a restart (every vendor listed: chat vendors are read per call, the backends rebuilt). */
  editable: boolean;
  probe: VendorProbe;
  /** The environment's values. */
  env(config: Config): VendorCredential;
}

const PROBES: Record<string, VendorProbe> = {
  siliconflow: 'openai',
  comfyui: { get: '/system_stats' },
  tts: 'speech',
  cosyvoice: 'speech',
  stt: 'openai',
  'minimax-music': 'minimax',
  suno: 'suno',
  kling: 'kling',
  searxng: { get: '/search?q=test&format=json' },
};

/**
 * Every vendor of the product: the chat vendors of the LLM registry (llm/vendors.ts), then the image, speech, speech
 * recognition, music, video and search services (infra/vendor-settings/backends.ts), whose backends are rebuilt when
 * the console saves them.
 */
export const VENDOR_ENTRIES: readonly VendorEntry[] = [
  ...VENDORS.map(
    (v): VendorEntry => ({
      id: v.id,
      kind: 'chat',
      name: v.name,
      activation: v.activation,
      pairedSecret: false,
      defaultBaseUrl: v.defaultBaseUrl,
      editable: true,
      probe: 'openai',
      env: (c) => c.vendors[v.id] ?? {},
    }),
  ),
  ...BACKEND_VENDORS.map(
    (b): VendorEntry => ({
      id: b.id,
      kind: b.kind,
      name: b.name,
      activation: b.activation,
      pairedSecret: Boolean(b.pairedSecret),
      defaultBaseUrl: b.defaultBaseUrl,
      editable: true,
      probe: PROBES[b.id] ?? 'openai',
      env: b.env,
    }),
  ),
];

const byId = new Map(VENDOR_ENTRIES.map((v) => [v.id, v]));

export function vendorEntry(id: string): VendorEntry | undefined {
  return byId.get(id);
}
