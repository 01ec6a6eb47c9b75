import type { SpeechVoice } from './types';

/**
 * Each vendor's preset voices as data (what the voice picker lists). The operator may replace a
 * list with TTS_VOICES (JSON: [{id, name, gender?, emotions?}]), e.g. for a self-hosted server.
 */

const MINIMAX_EMOTIONS = ['happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised', 'neutral'] as const;

export const OPENAI_VOICES: readonly SpeechVoice[] = [
  { id: 'alloy', name: '合金（中性）' },
  { id: 'nova', name: '新星（女声）', gender: 'female' },
  { id: 'shimmer', name: '微光（女声）', gender: 'female' },
  { id: 'echo', name: '回声（男声）', gender: 'male' },
  { id: 'onyx', name: '玛瑙（低沉男声）', gender: 'male' },
  { id: 'fable', name: '寓言（男声）', gender: 'male' },
];

/** SiliconFlow CosyVoice voices are "<model>:<name>". */
export function siliconFlowVoices(model: string): SpeechVoice[] {
  const names: [string, string, 'male' | 'female'][] = [
    ['alex', '沉稳男声', 'male'],
    ['benjamin', '低沉男声', 'male'],
    ['charles', '磁性男声', 'male'],
    ['david', '欢快男声', 'male'],
    ['anna', '沉稳女声', 'female'],
    ['bella', '激情女声', 'female'],
    ['claire', '温柔女声', 'female'],
    ['diana', '欢快女声', 'female'],
  ];
  return names.map(([id, name, gender]) => ({ id: `${model}:${id}`, name, gender }));
}

export const MINIMAX_VOICES: readonly SpeechVoice[] = [
  { id: 'male-qn-qingse', name: '青涩青年', gender: 'male', emotions: MINIMAX_EMOTIONS },
  { id: 'male-qn-jingying', name: '精英青年', gender: 'male', emotions: MINIMAX_EMOTIONS },
  { id: 'presenter_male', name: '男性主持人', gender: 'male', emotions: MINIMAX_EMOTIONS },
  { id: 'audiobook_male_1', name: '男性有声书', gender: 'male', emotions: MINIMAX_EMOTIONS },
  { id: 'female-shaonv', name: '少女', gender: 'female', emotions: MINIMAX_EMOTIONS },
  { id: 'female-yujie', name: '御姐', gender: 'female', emotions: MINIMAX_EMOTIONS },
  { id: 'presenter_female', name: '女性主持人', gender: 'female', emotions: MINIMAX_EMOTIONS },
  { id: 'audiobook_female_1', name: '女性有声书', gender: 'female', emotions: MINIMAX_EMOTIONS },
];

export const DASHSCOPE_VOICES: readonly SpeechVoice[] = [
  { id: 'Cherry', name: '芊悦（女声）', gender: 'female' },
  { id: 'Serena', name: '苏瑶（女声）', gender: 'female' },
  { id: 'Ethan', name: '晨煦（男声）', gender: 'male' },
  { id: 'Chelsie', name: '千雪（女声）', gender: 'female' },
];

/**
 * DashScope CosyVoice's preset voices of cosyvoice-v2 (the _v2 names; other models name theirs differently: set
 * TTS_VOICES for them). A cloned voice works only with the model it was enrolled for (TTS_MODEL).
 */
export const COSYVOICE_VOICES: readonly SpeechVoice[] = [
  { id: 'longxiaochun_v2', name: '龙小淳（知性女声）', gender: 'female' },
  { id: 'longwan_v2', name: '龙婉（温柔女声）', gender: 'female' },
  { id: 'longxiaoxia_v2', name: '龙小夏（沉稳女声）', gender: 'female' },
  { id: 'longcheng_v2', name: '龙橙（阳光男声）', gender: 'male' },
  { id: 'longhua_v2', name: '龙华（活泼男声）', gender: 'male' },
  { id: 'longshu_v2', name: '龙书（播报男声）', gender: 'male' },
];

/** TTS_VOICES parsed; null when unset or not a usable list. */
export function parseVoices(json: string | undefined): SpeechVoice[] | null {
  if (!json?.trim()) return null;
  try {
    const list = JSON.parse(json) as unknown;
    if (!Array.isArray(list)) return null;
    const voices = list
      .filter((v): v is Record<string, unknown> => !!v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string')
      .map((v): SpeechVoice => ({
        id: String(v.id),
        name: typeof v.name === 'string' ? v.name : String(v.id),
        ...(v.gender === 'male' || v.gender === 'female' ? { gender: v.gender as 'male' | 'female' } : {}),
        ...(Array.isArray(v.emotions) ? { emotions: v.emotions.filter((e): e is string => typeof e === 'string') } : {}),
      }));
    return voices.length ? voices : null;
  } catch {
    return null;
  }
}
