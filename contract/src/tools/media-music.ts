import type { ToolField, ToolSpec } from './spec';

import { AUDIO_ACCEPT, MEDIA_LIMITS, MEDIA_POINTS } from './media-shared';

/**
 * AI音乐 (AIMusic): the registry entries of this part of the media family (media.ts). Songs and
 * accompaniment are paid with ai_music (a vendor's song, or the sox demo melody without one); clip,
 * merge, separation and recognition are our own ffmpeg/service work, paid with media_edit.
 */

export const MUSIC_SONG_ID = 'music-song';
export const MUSIC_ACCOMPANY_ID = 'music-accompany';
export const MUSIC_CLIP_ID = 'music-clip';
export const MUSIC_MERGE_ID = 'music-merge';
export const MUSIC_SEPARATE_ID = 'music-separate';
export const MUSIC_RECOGNIZE_ID = 'music-recognize';
export const MUSIC_TOOL_IDS = [MUSIC_SONG_ID, MUSIC_ACCOMPANY_ID, MUSIC_CLIP_ID, MUSIC_MERGE_ID, MUSIC_SEPARATE_ID, MUSIC_RECOGNIZE_ID] as const;

/** Limits of the song form (the vendors' own: MiniMax takes 10-3000 characters of lyrics, Suno ~3000). */
export const MUSIC_LIMITS = { descriptionMax: 500, lyricsMax: 3000, tagsMax: 120, titleMax: 40, mergeMaxFiles: 10, crossfadeMax: 5 } as const;

/** Style tags the song form offers as examples (also served by GET /api/v2/config/model/suno). */
export const MUSIC_STYLES = ['流行', '民谣', '摇滚', '电子', '古风', '说唱', '爵士', '轻音乐', '儿歌', 'R&B'] as const;

const audioFile = (name: string, label: string, required = true): ToolField => ({
  name,
  type: 'file',
  label,
  required,
  accept: AUDIO_ACCEPT,
  maxBytes: MEDIA_LIMITS.audioMaxBytes,
  help: required ? `音频文件，不超过 20 MB、${MEDIA_LIMITS.audioMaxSeconds / 60} 分钟` : '可不选',
});

const base = { group: 'music', icon: '🎵', kind: 'task', scenarios: ['media', 'create'] } as const;

export const MUSIC_TOOLS: readonly ToolSpec[] = [
  {
    ...base,
    id: MUSIC_SONG_ID,
    paths: ['/AIMusic', '/AIMusic/ai_audio', '/AIMusic/creativeCenter'],
    title: 'AI作曲',
    description: '一句话描述或自填歌词与风格，生成两版完整歌曲，带封面与滚动歌词',
    output: 'audio',
    fields: [
      {
        name: 'mode',
        type: 'radio',
        label: '创作模式',
        options: [
          { value: 'describe', label: '描述生成' },
          { value: 'custom', label: '自定义（歌词+风格）' },
        ],
        default: 'describe',
      },
      { name: 'text', type: 'textarea', label: '歌曲描述', placeholder: '例如：一首关于夏夜海边的轻快流行歌', max: MUSIC_LIMITS.descriptionMax, help: '描述模式必填：主题、情绪、场景' },
      { name: 'lyrics', type: 'textarea', label: '歌词', placeholder: '自定义模式填写；描述模式留空由 AI 作词', max: MUSIC_LIMITS.lyricsMax },
      { name: 'tags', type: 'text', label: '风格标签', placeholder: `例如：${MUSIC_STYLES.slice(0, 3).join('、')}`, max: MUSIC_LIMITS.tagsMax },
      { name: 'title', type: 'text', label: '歌名', placeholder: '可不填', max: MUSIC_LIMITS.titleMax },
      { name: 'instrumental', type: 'switch', label: '纯音乐（无人声）', default: false },
    ],
    examples: [
      { label: '夏夜海边', inputs: { mode: 'describe', text: '一首关于夏夜海边的轻快流行歌，温暖又有点怀旧' } },
      { label: '古风自填词', inputs: { mode: 'custom', lyrics: '月照长亭\n风过柳梢\n一壶清酒\n送君远行', tags: '古风 抒情', title: '长亭' } },
    ],
    quotaKey: 'ai_music',
    points: MEDIA_POINTS.ai_music,
    keywords: ['音乐', '作曲', '写歌', 'suno', '创作中心', 'AI音乐'],
  },
  {
    ...base,
    id: MUSIC_ACCOMPANY_ID,
    paths: ['/AIMusic/accompanyCreate'],
    title: '伴奏生成',
    description: '描述风格与情绪，生成一段纯伴奏',
    icon: '🎹',
    output: 'audio',
    fields: [
      { name: 'text', type: 'textarea', label: '伴奏描述', required: true, placeholder: '例如：轻松的吉他伴奏，适合视频背景', max: MUSIC_LIMITS.descriptionMax },
      { name: 'tags', type: 'text', label: '风格标签', placeholder: '例如：民谣、轻音乐', max: MUSIC_LIMITS.tagsMax },
    ],
    quotaKey: 'ai_music',
    points: MEDIA_POINTS.ai_music,
    keywords: ['伴奏', '背景音乐', 'BGM'],
  },
  {
    ...base,
    id: MUSIC_CLIP_ID,
    paths: ['/AIMusic/aiAudioClip'],
    title: '音频剪辑',
    description: '上传音频，在波形上选取一段剪下，可加淡入淡出',
    icon: '✂️',
    output: 'audio',
    fields: [
      audioFile('file', '音频文件'),
      { name: 'start', type: 'number', label: '开始（秒）', required: true, min: 0, max: MEDIA_LIMITS.audioMaxSeconds, default: 0 },
      { name: 'end', type: 'number', label: '结束（秒）', required: true, min: 0, max: MEDIA_LIMITS.audioMaxSeconds, default: 10 },
      { name: 'fade', type: 'switch', label: '淡入淡出', default: false },
    ],
    quotaKey: 'media_edit',
    points: MEDIA_POINTS.media_edit,
    keywords: ['剪辑', '裁剪', '截取'],
  },
  {
    ...base,
    id: MUSIC_MERGE_ID,
    paths: ['/AIMusic/aiAudioMerging'],
    title: '音频合并',
    description: '按顺序把 2-10 个音频拼接成一个，可加交叉淡化',
    icon: '🔗',
    output: 'audio',
    fields: [
      ...Array.from({ length: MUSIC_LIMITS.mergeMaxFiles }, (_, i) => audioFile(`file${i + 1}`, `第 ${i + 1} 段`, i < 2)),
      { name: 'crossfade', type: 'number', label: '交叉淡化（秒）', min: 0, max: MUSIC_LIMITS.crossfadeMax, default: 0, help: '0 为直接拼接' },
    ],
    quotaKey: 'media_edit',
    points: MEDIA_POINTS.media_edit,
    keywords: ['合并', '拼接'],
  },
  {
    ...base,
    id: MUSIC_SEPARATE_ID,
    paths: ['/AIMusic/trackSeparation'],
    title: '音轨分离',
    description: '把歌曲分离成人声与伴奏（或人声、鼓、贝斯、其他）',
    icon: '🎚️',
    output: 'audio',
    fields: [
      audioFile('file', '歌曲文件'),
      {
        name: 'stems',
        type: 'radio',
        label: '分离方式',
        options: [
          { value: '2', label: '人声 + 伴奏' },
          { value: '4', label: '人声 / 鼓 / 贝斯 / 其他' },
        ],
        default: '2',
      },
    ],
    quotaKey: 'media_edit',
    points: MEDIA_POINTS.media_edit,
    keywords: ['分离', '人声', '伴奏提取', '消音'],
  },
  {
    ...base,
    id: MUSIC_RECOGNIZE_ID,
    paths: ['/AIMusic/musicRecognize'],
    title: '听歌识曲',
    description: '上传一段音乐，识别歌名与歌手',
    icon: '🔍',
    output: 'markdown',
    fields: [audioFile('file', '音乐片段')],
    quotaKey: 'media_edit',
    points: MEDIA_POINTS.media_edit,
    keywords: ['识曲', '歌名', '听歌'],
  },
];
