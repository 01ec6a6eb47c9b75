/**
 * The LLM vendors, as data. Every one speaks the OpenAI chat-completions protocol; what differs
 * is the endpoint, how it is switched on and a few request-body details. Adding a vendor is one
 * entry here (plus its `<VENDOR>_API_KEY` / `_BASE_URL` in config.ts); no switch elsewhere.
 */
import type { LlmContentPart, LlmToolCall } from './types';

/** An OpenAI function tool as sent upstream. */
export interface WireTool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

/** The request body sent to `{base}/chat/completions`. */
export interface ChatCompletionBody {
  model: string;
  messages: { role: string; content: string; parts?: LlmContentPart[]; toolCalls?: LlmToolCall[]; toolCallId?: string }[];
  stream: boolean;
  tools?: WireTool[];
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
  stream_options?: { include_usage: boolean };
  [extra: string]: unknown;
}

export interface VendorSpec {
  id: string;
  /** Chinese display name (logs, admin pages, docs). */
  name: string;
  /** Public OpenAI-compatible endpoint; absent = the operator must configure one. */
  defaultBaseUrl?: string;
  /** What switches the vendor on: an API key, or only a base URL (keyless local servers). */
  activation: 'apiKey' | 'baseUrl';
  /** Accepts `stream_options.include_usage` (others report usage on their own, or not at all). */
  streamUsage: boolean;
  /** Accepted temperature range; values outside are clamped rather than refused upstream. */
  temperature: { min: number; max: number };
  /** Accepts presence_penalty / frequency_penalty. */
  penalties: boolean;
  /** Last small edits of the body for this vendor's peculiarities. */
  quirks?: (body: ChatCompletionBody) => void;
}

/** OpenAI's reasoning models take max_completion_tokens and refuse sampling parameters. */
function openAiReasoningQuirks(body: ChatCompletionBody): void {
  if (!/^(o\d|gpt-5)/.test(body.model)) return;
  if (body.max_tokens !== undefined) body.max_completion_tokens = body.max_tokens;
  delete body.max_tokens;
  delete body.temperature;
  delete body.presence_penalty;
  delete body.frequency_penalty;
}

const OPEN = { min: 0, max: 2 };

export const VENDORS: readonly VendorSpec[] = [
  {
    id: 'deepseek',
    name: '深度求索 DeepSeek',
    defaultBaseUrl: 'https://api.deepseek.com/v1',
    activation: 'apiKey',
    streamUsage: true,
    temperature: OPEN,
    penalties: true,
  },
  // GLM takes temperature in [0, 1] and has no penalty parameters; usage comes in the last chunk.
  {
    id: 'zhipu',
    name: '智谱 AI',
    defaultBaseUrl: 'https://open.bigmodel.cn/api/paas/v4',
    activation: 'apiKey',
    streamUsage: false,
    temperature: { min: 0, max: 1 },
    penalties: false,
  },
  // Kimi reports usage inside choices[0] of the final chunk; temperature in [0, 1].
  {
    id: 'moonshot',
    name: '月之暗面 Kimi',
    defaultBaseUrl: 'https://api.moonshot.cn/v1',
    activation: 'apiKey',
    streamUsage: false,
    temperature: { min: 0, max: 1 },
    penalties: true,
  },
  {
    id: 'dashscope',
    name: '阿里云百炼（通义千问）',
    defaultBaseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    activation: 'apiKey',
    streamUsage: true,
    temperature: { min: 0, max: 1.99 },
    penalties: true,
  },
  {
    id: 'ark',
    name: '火山方舟（豆包）',
    defaultBaseUrl: 'https://ark.cn-beijing.volces.com/api/v3',
    activation: 'apiKey',
    streamUsage: true,
    temperature: { min: 0, max: 1 },
    penalties: true,
  },
  // ERNIE refuses a temperature of exactly 0.
  {
    id: 'qianfan',
    name: '百度千帆（文心）',
    defaultBaseUrl: 'https://qianfan.baidubce.com/v2',
    activation: 'apiKey',
    streamUsage: true,
    temperature: { min: 0.01, max: 1 },
    penalties: true,
  },
  {
    id: 'openai',
    name: 'OpenAI',
    defaultBaseUrl: 'https://api.openai.com/v1',
    activation: 'apiKey',
    streamUsage: true,
    temperature: OPEN,
    penalties: true,
    quirks: openAiReasoningQuirks,
  },
  {
    id: 'ollama',
    name: 'Ollama（本地模型）',
    defaultBaseUrl: 'http://127.0.0.1:11434/v1',
    activation: 'baseUrl',
    streamUsage: true,
    temperature: OPEN,
    penalties: true,
  },
  // Any OpenAI-compatible endpoint (an aggregator, vLLM, a private gateway); its key is optional.
  { id: 'compatible', name: 'OpenAI 兼容接口', activation: 'baseUrl', streamUsage: false, temperature: OPEN, penalties: true },
];

const byId = new Map(VENDORS.map((v) => [v.id, v]));

export function vendorById(id: string): VendorSpec | undefined {
  return byId.get(id);
}

/** Apply a vendor's data rules (usage reporting, parameter ranges) and then its quirks hook. */
export function adaptBody(
  vendor: Pick<VendorSpec, 'streamUsage' | 'temperature' | 'penalties' | 'quirks'>,
  body: ChatCompletionBody,
): ChatCompletionBody {
  if (vendor.streamUsage && body.stream) body.stream_options = { include_usage: true };
  if (body.temperature !== undefined)
    body.temperature = Math.min(vendor.temperature.max, Math.max(vendor.temperature.min, body.temperature));
  if (!vendor.penalties) {
    delete body.presence_penalty;
    delete body.frequency_penalty;
  }
  vendor.quirks?.(body);
  return body;
}
