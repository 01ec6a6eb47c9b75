import type { ProviderPreset } from '@wanxiang/contract';

/**
 * Known OpenAI-compatible providers and their public base URLs (ending before /chat/completions):
 * selecting one in the add-provider modal fills the address when nothing is saved for it (4.6).
 */
export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  { company: 'DeepSeek', api_url: 'https://api.deepseek.com/v1', site: 'https://platform.deepseek.com' },
  { company: '智谱 GLM', api_url: 'https://open.bigmodel.cn/api/paas/v4', site: 'https://open.bigmodel.cn' },
  { company: 'Moonshot Kimi', api_url: 'https://api.moonshot.cn/v1', site: 'https://platform.moonshot.cn' },
  { company: '通义千问', api_url: 'https://dashscope.aliyuncs.com/compatible-mode/v1', site: 'https://bailian.console.aliyun.com' },
  { company: '豆包', api_url: 'https://ark.cn-beijing.volces.com/api/v3', site: 'https://console.volcengine.com/ark' },
  { company: '文心', api_url: 'https://qianfan.baidubce.com/v2', site: 'https://console.bce.baidu.com/qianfan' },
  { company: 'OpenAI', api_url: 'https://api.openai.com/v1', site: 'https://platform.openai.com' },
  { company: 'SiliconFlow', api_url: 'https://api.siliconflow.cn/v1', site: 'https://cloud.siliconflow.cn' },
  // A local Ollama is reachable only where the operator trusts that address (SSRF_ALLOW).
  { company: 'Ollama', api_url: 'http://127.0.0.1:11434/v1', site: 'https://ollama.com' },
];
