import { page } from './page-entry';
import type { ToolSpec } from './spec';

import { AUDIO_ACCEPT, MEDIA_LIMITS, MEDIA_POINTS } from './media-shared';

/**
 * AI语音 (AiVioce): 语音合成 (text to speech with the server's voices and the user's clones),
 * 声音克隆 (a 10-60 s sample, uploaded or recorded, becomes the user's own voice), 我的声音 (the
 * clones: rename, delete) and 我的作品 (the voice results). Voice conversation is media-talk.ts.
 */

export const VOICE_TTS_ID = 'voice-tts';
export const VOICE_CLONE_ID = 'voice-clone';
export const VOICE_MYSOUND_ID = 'voiceMySound';
export const VOICE_MYGEN_ID = 'voiceMyGen';

export const VOICE_LIMITS = {
  /** Longest text one run speaks (split at sentence ends into the backend's maxChars parts). */
  textMax: 5000,
  nameMax: 16,
  /** A sample upload (MiniMax takes 20 MB; DashScope 10 MB). */
  sampleMaxBytes: 10 * 1024 * 1024,
  /** Most clones one user keeps. */
  clonesMax: 20,
} as const;

/** Emotions the form offers (vendors that have none ignore them; MiniMax's ids). */
export const VOICE_EMOTIONS = [
  { value: 'none', label: '默认' },
  { value: 'happy', label: '开心' },
  { value: 'sad', label: '悲伤' },
  { value: 'angry', label: '生气' },
  { value: 'surprised', label: '惊讶' },
  { value: 'fearful', label: '害怕' },
  { value: 'neutral', label: '平静' },
] as const;

/** What the user ticks before cloning a voice. */
export const VOICE_CONSENT_LINE = '我确认样本是我本人的声音，或已取得声音主人的明确授权；不会用克隆声音冒充他人或从事违法活动';

const base = { group: 'voice', kind: 'task', scenarios: ['media', 'create'] } as const;

export const VOICE_TOOLS: readonly ToolSpec[] = [
  {
    ...base,
    id: VOICE_TTS_ID,
    paths: ['/AiVioce/speechSynthesis', '/AiVioce/ttsPage', '/AiVioce/index'],
    title: '语音合成',
    description: '输入文字，选择音色（含你克隆的声音），调节语速、音调与情绪，生成可下载的语音',
    icon: '🗣️',
    output: 'audio',
    fields: [
      { name: 'text', type: 'textarea', label: '要朗读的文字', required: true, placeholder: '输入要转换成语音的文字，长文会按句自动分段合成后拼接', max: VOICE_LIMITS.textMax },
      { name: 'voice', type: 'voice', label: '音色', help: '可选平台音色或「我的声音」中克隆的音色' },
      { name: 'speed', type: 'number', label: '语速', min: 0.5, max: 2, default: 1, help: '0.5-2，1 为正常' },
      { name: 'pitch', type: 'number', label: '音调（半音）', min: -12, max: 12, default: 0, help: '-12 到 12，0 为原调' },
      { name: 'emotion', type: 'select', label: '情绪', options: VOICE_EMOTIONS, default: 'none', help: '部分音色支持' },
      {
        name: 'format',
        type: 'radio',
        label: '格式',
        options: [
          { value: 'mp3', label: 'MP3' },
          { value: 'wav', label: 'WAV' },
        ],
        default: 'mp3',
      },
      { name: 'spokenNote', type: 'switch', label: '结尾朗读 AI 生成提示', default: true },
    ],
    examples: [
      { label: '产品介绍', inputs: { text: '欢迎使用万象AI。只需输入文字，就能生成自然流畅的语音，适合短视频配音、课件朗读和有声读物。' } },
      { label: '睡前故事', inputs: { text: '从前，在一片大森林里，住着一只爱唱歌的小熊。每天傍晚，它都会坐在大树下，为朋友们唱一首歌。', speed: 0.9 } },
    ],
    quotaKey: 'ai_speech',
    points: MEDIA_POINTS.ai_speech,
    keywords: ['语音', '配音', '朗读', 'TTS', '文字转语音', 'AI语音'],
  },
  {
    ...base,
    id: VOICE_CLONE_ID,
    paths: ['/AiVioce/clonepage'],
    title: '声音克隆',
    description: '上传或录制 10-60 秒本人清晰朗读的声音，生成专属音色，用于语音合成',
    icon: '🎙️',
    output: 'audio',
    fields: [
      { name: 'name', type: 'text', label: '音色名称', required: true, placeholder: '例如：我的播音腔', max: VOICE_LIMITS.nameMax },
      {
        name: 'sample',
        type: 'file',
        label: '声音样本',
        required: true,
        accept: AUDIO_ACCEPT,
        maxBytes: VOICE_LIMITS.sampleMaxBytes,
        record: { minSeconds: MEDIA_LIMITS.cloneMinSeconds, maxSeconds: MEDIA_LIMITS.cloneMaxSeconds },
        help: `上传音频或直接录音：${MEDIA_LIMITS.cloneMinSeconds}-${MEDIA_LIMITS.cloneMaxSeconds} 秒，一人清晰朗读，无背景音乐，不超过 10 MB`,
      },
      { name: 'consent', type: 'consent', label: VOICE_CONSENT_LINE, required: true },
    ],
    quotaKey: 'ai_voice_clone',
    points: MEDIA_POINTS.ai_voice_clone,
    keywords: ['克隆', '声音复刻', '复刻', '定制音色'],
  },
  page({
    id: VOICE_MYSOUND_ID,
    paths: ['/AiVioce/mysound'],
    title: '我的声音',
    description: '管理你克隆的音色：用它合成、重命名、删除',
    group: 'voice',
    icon: '🎧',
    scenarios: ['media'],
    keywords: ['我的音色', '克隆音色'],
  }),
  page({
    id: VOICE_MYGEN_ID,
    paths: ['/AiVioce/mygen'],
    title: '我的作品',
    description: '你生成的语音：播放、下载、删除',
    group: 'voice',
    icon: '📂',
    scenarios: ['media'],
    keywords: ['语音作品', '历史'],
  }),
];
