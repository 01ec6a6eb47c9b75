import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog, toWebEntry } from './index';

const catalog = loadCatalog();

// Every key the spec names, written out: docs/product/chat.md §2 (route types), docs/product/chat.md §7 (chat2/{model}),
// docs/product/promos.md §2 (promo links) and docs/product/shell-and-navigation.md §2 (sidebar models).
// prettier-ignore
const ROUTE_TYPES = [
  'index', 'v35', 'echarts', 'net', 'image', 'doc', 'video', 'voice', 'web', 'AllModelAttack', 'talkV2', 'vfast', 'deepseek-v3',
  'deepseek-r1', 'rec-deepseek-r1', 'deepseek-r1-32b', 'chat4.0', 'chat4',
];
// prettier-ignore
const CHAT2_MODELS = [
  'v35', 'talkV2', 'vfast', 'v40', 'glm_4_plus', 'zhipu', 'glm_4_0520', 'glm_4_air', 'glm_4_airx', 'glm_4_flash', 'zhipu_glm4',
  'completionNet', 'baidu', 'baiduV40', 'baidu_8k_1222', 'baidu_8k', 'baidu_lite_8k', 'baidu_speed', 'baidu_tiny_8k',
  'baidu_ai_apaas', 'baidu_code_llama', 'baidu_speed_128k', 'baidu_llama', 'chat_40', 'chat_4o', 'chat_o1_preview',
  'chat_o1_mini', 'chat_4o_mini', 'codegeex_4', 'deepseek_v3', 'deepseek_coder', 'moonshot_v1_8k', 'moonshot_v1_32k',
  'moonshot_v1_128k', 'qwen', 'qwen_max', 'qwen_farui', 'qwen_turbo', 'qwen_plus',
];
// prettier-ignore
const PROMO_KEYS = [
  'deep_seek3', 'DeepSeek_V3', 'rec-deepseek-r1', 'chat-41', 'chat-41-mini', 'chat-41-nano', 'chat-45-preview', 'chat_40',
  'chat_4o_mini', 'chat_o1_mini', 'chat_o1_preview', 'v40', 'glm_zero_preview', 'zhipu_glm4', 'glm-4-plus', 'glm_4_0520',
  'baiduV40', 'baidu_speed_128k', 'qwen_max', 'qwen_turbo', 'qwen_plus',
];
// prettier-ignore
const SIDEBAR_MODELS = [
  'chat-5', 'claude-4-opus', 'grok-4', 'gemini-2.5-pro', 'chat4.5-preview', 'deepseek-r1', 'deepseek-v3', 'glm-zero-preview',
  'ernie-4.0', 'nano-banana',
];
const ALL_KEYS = [...new Set([...ROUTE_TYPES, ...CHAT2_MODELS, ...PROMO_KEYS, ...SIDEBAR_MODELS])];

// prettier-ignore
const GROUP_LABELS = [
  '推荐', 'DeepSeek', 'Chat4.0', '智谱', '代码', 'Kimi', '豆包', '文心', '通义', 'Llama', '图表模型', '数据分析', '联网模型', '多模型对抗', '综合常规', '极速模式',
  '图片理解', '文档理解', '语音理解', '视频理解', '网页理解',
];

const VENDORS = ['deepseek', 'zhipu', 'moonshot', 'dashscope', 'ark', 'qianfan', 'openai', 'ollama', 'compatible'];
const CJK = /[\u4e00-\u9fff]/;
const iconsDir = resolve(import.meta.dirname, '../../../web/public/model-icons');

describe('model catalog data', () => {
  it.each(ALL_KEYS)('has model %s with every field valid', (key) => {
    const m = catalog.get(key);
    expect(m, key).toBeDefined();
    if (!m) return;
    expect(m.key).toBe(key);
    expect(m.label.trim()).not.toBe('');
    expect(m.shortName.trim()).not.toBe('');
    expect(m.sort_label.trim()).not.toBe('');
    expect(m.desc).toMatch(CJK);
    expect(m.description).toMatch(CJK);
    expect(m.icon).toMatch(/^\/model-icons\/[a-z0-9-]+\.svg$/);
    expect(existsSync(join(iconsDir, m.icon.replace('/model-icons/', ''))), m.icon).toBe(true);
    expect(typeof m.icon_link).toBe('string');
    expect(['hot', 'common']).toContain(m.modelType);
    expect(['deepSeek', 'common', 'agent', 'zhipu', 'image', 'file', 'customer']).toContain(m.resloveType);
    expect(m.isFree).toBe(m.free);
    expect(m.vipTag === '高阶模型').toBe(m.high);
    expect(m.request).toBe(`/api/v1/chat2/${key}`);
    expect(VENDORS).toContain(m.vendor);
    expect(m.upstreamModel.trim()).not.toBe('');
    expect(m.online).toBe(true);
    if (m.allow_points) expect(m.consume_points).toBeGreaterThan(0);
    if (m.only_points) expect(m.allow_points).toBe(true);
    expect(Array.isArray(m.tags)).toBe(true);
    expect(Array.isArray(m.blockedVips)).toBe(true);
  });

  it('has every group of docs/product/chat.md §2 with its Chinese label, listing known models in menu order', () => {
    const groups = catalog.groups();
    expect(groups.map((g) => g.label)).toEqual(GROUP_LABELS);
    for (const g of groups) {
      expect(g.models.length, g.label).toBeGreaterThan(0);
      for (const k of g.models) expect(catalog.get(k), `${g.label}: ${k}`).toBeDefined();
    }
    const byLabel = new Map(groups.map((g) => [g.label, g.models]));
    expect(byLabel.get('图片理解')).toContain('image');
    expect(byLabel.get('文档理解')).toEqual(['doc']);
    expect(byLabel.get('语音理解')).toEqual(['voice']);
    expect(byLabel.get('视频理解')).toEqual(['video']);
    expect(byLabel.get('网页理解')).toEqual(['web']);
    expect(byLabel.get('多模型对抗')).toEqual(['AllModelAttack']);
    expect(byLabel.get('图表模型')).toEqual(['echarts']);
    expect(byLabel.get('极速模式')![0]).toBe('vfast');
  });

  it('puts every model in at least one group', () => {
    const grouped = new Set(catalog.groups().flatMap((g) => g.models));
    const loose = catalog.models().filter((m) => !grouped.has(m.key) && m.key !== 'index' && m.key !== 'official');
    expect(loose.map((m) => m.key)).toEqual([]);
  });

  it('charges the quota keys of docs/product/quota-and-points.md §3', () => {
    const q = (k: string) => catalog.get(k)?.quotaKey;
    expect(q('doc')).toBe('chat_doc');
    expect(q('image')).toBe('chat_image');
    for (const k of ['voice', 'video', 'web']) expect(q(k)).toBe('chat_media');
    expect(q('echarts')).toBe('chat_table');
    expect(q('net')).toBe('chat_networking');
    expect(q('completionNet')).toBe('chat_networking');
    expect(q('official')).toBe('hat_official');
    expect(q('v35')).toBe('');
    for (const k of [
      'v40',
      'chat4.0',
      'chat_40',
      'chat_4o',
      'chat_o1_preview',
      'chat_o1_mini',
      'glm_4_plus',
      'glm-4-plus',
      'zhipu_glm4',
      'qwen_max',
      'baiduV40',
      'ernie-4.0',
      'chat-5',
    ]) {
      expect(q(k), k).toBe('chat_v40');
    }
    for (const k of [
      'talkV2',
      'vfast',
      'deepseek_v3',
      'deepseek-r1',
      'glm_4_flash',
      'moonshot_v1_8k',
      'qwen_turbo',
      'baidu_speed',
      'chat_4o_mini',
    ]) {
      expect(q(k), k).toBe('chat');
    }
    // The web app checks the same key it will be charged (v35 checks 'chat' but is never charged).
    for (const m of catalog.models()) expect(m.checkKey).toBe(m.quotaKey || 'chat');
  });

  it('blocks the tiers docs/product/quota-and-points.md §6 names, and their aliases (same upstream model) alike', () => {
    const blocked = (k: string) => catalog.get(k)?.blockedVips;
    // v40 and the other keys of gpt-4o; zhipu_glm4 and zhipu (glm-4).
    const freeBlocked = ['v40', 'chat4.0', 'chat_4o'];
    const memberBlocked = ['baiduV40', 'baidu_speed_128k', 'qwen_max', 'zhipu_glm4', 'zhipu'];
    for (const k of freeBlocked) expect(blocked(k), k).toEqual([0]);
    for (const k of memberBlocked) expect(blocked(k), k).toEqual([0, 52]);
    const others = catalog.models().filter((m) => ![...freeBlocked, ...memberBlocked].includes(m.key));
    for (const m of others) expect(m.blockedVips, m.key).toEqual([]);
  });

  it('keeps no history for the sessions of docs/product/chat.md §3, and keeps it elsewhere', () => {
    const noHistory = [
      'official',
      'doc',
      'image',
      'voice',
      'video',
      'web',
      'AllModelAttack',
      'index',
      'deepseek-v3',
      'deepseek-r1',
      'rec-deepseek-r1',
      'deepseek-r1-32b',
      'deep_seek3',
      'DeepSeek_V3',
      'glm_zero_preview',
      'glm-zero-preview',
    ];
    for (const k of noHistory) expect(catalog.get(k)?.keepHistory, k).toBe(false);
    for (const k of ['v35', 'v40', 'deepseek_v3', 'glm_4_plus', 'qwen_max', 'chat_4o']) expect(catalog.get(k)?.keepHistory, k).toBe(true);
  });

  it('marks the deep-thinking models', () => {
    for (const k of [
      'deepseek-r1',
      'rec-deepseek-r1',
      'deepseek-r1-32b',
      'chat_o1_preview',
      'chat_o1_mini',
      'glm_zero_preview',
      'glm-zero-preview',
      'doubao_thinking',
    ]) {
      expect(catalog.get(k)?.reasoning, k).toBe(true);
    }
    for (const k of ['v35', 'deepseek-v3', 'deepseek_v3', 'chat_4o', 'glm_4_plus']) expect(catalog.get(k)?.reasoning, k).toBe(false);
  });

  it('lists the sidebar models of docs/product/shell-and-navigation.md §2 under the home entry', () => {
    expect(catalog.get('index')?.children?.map((c) => c.key)).toEqual([
      'chat-5',
      'claude-4-opus',
      'grok-4',
      'gemini-2.5-pro',
      'chat4.5-preview',
      'deepseek-r1',
      'deepseek-v3',
      'glm-zero-preview',
      'ernie-4.0',
    ]);
  });

  it('maps models to real vendors and upstream ids', () => {
    const up = (k: string) => [catalog.get(k)?.vendor, catalog.get(k)?.upstreamModel];
    expect(up('deepseek_v3')).toEqual(['deepseek', 'deepseek-chat']);
    expect(up('deepseek-r1')).toEqual(['deepseek', 'deepseek-reasoner']);
    expect(up('glm_4_flash')).toEqual(['zhipu', 'glm-4-flash']);
    expect(up('moonshot_v1_8k')).toEqual(['moonshot', 'moonshot-v1-8k']);
    expect(up('qwen_max')).toEqual(['dashscope', 'qwen-max']);
    expect(up('baiduV40')).toEqual(['qianfan', 'ernie-4.0-8k']);
    expect(up('chat_4o')).toEqual(['openai', 'gpt-4o']);
    expect(up('chat_o1_mini')).toEqual(['openai', 'o1-mini']);
    expect(catalog.get('doubao_pro_32k')?.vendor).toBe('ark');
    expect(catalog.get('llama3')?.vendor).toBe('ollama');
  });

  it('prices points where points are allowed', () => {
    const pointsModels = catalog.models().filter((m) => m.allow_points);
    expect(pointsModels.length).toBeGreaterThan(0);
    expect(catalog.models().some((m) => m.only_points)).toBe(true);
    for (const m of pointsModels) expect(m.consume_points, m.key).toBeGreaterThan(0);
    for (const m of catalog.models().filter((x) => !x.allow_points)) expect(m.consume_points, m.key).toBe(0);
  });

  it('answers daily limits per quota key and vip level', () => {
    expect(catalog.dailyLimit('', 0)).toBe(-1);
    expect(catalog.dailyLimit('chat', 0)).toBeGreaterThan(0);
    expect(catalog.dailyLimit('chat', 1)).toBe(-1);
    expect(catalog.dailyLimit('chat_v40', 52)).toBeGreaterThan(catalog.dailyLimit('chat_v40', 0));
    // A member level without its own row gets the fallback member level.
    expect(catalog.dailyLimit('chat_doc', 12345)).toBe(catalog.dailyLimit('chat_doc', 1));
    expect(catalog.dailyLimit('no_such_key', 1)).toBe(0);
    for (const { key } of catalog.quotaKeys()) {
      expect(catalog.dailyLimit(key, 0), key).toBeGreaterThanOrEqual(0);
      expect(catalog.dailyLimit(key, 1), key).not.toBe(0);
    }
    expect(catalog.quotaKeys().map((q) => q.key)).toEqual([
      'chat',
      'chat_v40',
      'chat_image',
      'chat_doc',
      'chat_media',
      'chat_table',
      'chat_networking',
      'hat_official',
      'ai_music',
      'ai_video',
      'resource_learning_search',
      'resource_cloud',
      'resource_file',
      'resource_website',
      'resource_learning_interpret',
      'learning_translate',
      'doc_ppt',
      'doc_mindmap',
      'tool_generate',
      'tool_writing',
      'draw',
      'draw_enhance',
      'draw_matting',
      'draw_qrcode',
      'draw_face',
      'translate_text',
      'doc_translate',
      'doc_ocr',
      'pdf_tools',
      'doc_thesis',
      'aigc_check',
      'aigc_rewrite',
      'ai_speech',
      'ai_voice_clone',
      'media_edit',
    ]);
  });

  it('projects web entries without server fields, with online from the gateway and invite labels', () => {
    const v40 = catalog.get('v40')!;
    const entry = toWebEntry(v40, { isOnline: () => false });
    expect(entry.online).toBe(false);
    expect(entry.label).toBe(v40.label);
    for (const f of ['upstreamModel', 'upstreamExtra', 'quotaKey', 'blockedVips', 'inviteLabel', 'systemPrompt'])
      expect(entry).not.toHaveProperty(f);
    expect(toWebEntry(v40, { isOnline: () => true, invite: true }).label).toBe(v40.inviteLabel);
    const home = toWebEntry(catalog.get('index')!, { isOnline: () => true });
    expect(home.children).toHaveLength(9);
    expect(home.children![0]).not.toHaveProperty('upstreamModel');
  });
});
