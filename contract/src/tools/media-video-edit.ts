import { page } from './page-entry';
import type { ToolField, ToolSpec } from './spec';

import { MEDIA_LIMITS, MEDIA_POINTS as P, VIDEO_ACCEPT } from './media-shared';

/**
 * 视频字幕、配音、提取音频、高清修复、抠像、补帧 (video, AICreateVideo, AiVideo): the registry entries
 * of this part of the media family (media.ts). Our own ffmpeg work is paid with media_edit;
 * clarity and matting are vendor work (ai_video): each frame of a short clip goes through the image
 * backend's upscale or matting operation, with a real local ffmpeg result marked 演示 in demo mode.
 */

export const VIDEO_SUBTITLE_ID = 'video-subtitle';
export const VIDEO_DUB_ID = 'video-dub';
export const VIDEO_EXTRACT_AUDIO_ID = 'video-extract-audio';
export const VIDEO_CLARITY_ID = 'video-clarity';
export const VIDEO_MATTING_ID = 'video-matting';
export const VIDEO_INTERPOLATE_ID = 'video-interpolate';

export const VIDEO_EDIT_LIMITS = {
  /** Characters of an edited SRT sent back for export. */
  srtMax: 20_000,
  /** Characters of a dubbing script. */
  scriptMax: 2000,
  /** Longest video frame interpolation works on (minterpolate is slow: about real time at 60 fps). */
  interpolateMaxSeconds: 30,
  /** Longest video the demo upscale and matting work on. */
  localEnhanceMaxSeconds: 60,
  /** Longest video sent frame by frame through an image vendor (one vendor call per frame). */
  vendorEnhanceMaxSeconds: 10,
  /** Frames per second sampled for the vendor (a 10 s clip is at most 240 calls). */
  vendorEnhanceMaxFps: 24,
} as const;

/** What the subtitle tool does in a run: recognise (an SRT to review), then export it. */
export const SUBTITLE_ACTIONS = ['recognize', 'burn', 'track'] as const;
export type SubtitleAction = (typeof SUBTITLE_ACTIONS)[number];

const videoField = (help = `视频文件，不超过 100 MB、${MEDIA_LIMITS.videoMaxSeconds / 60} 分钟`): ToolField => ({
  name: 'video',
  type: 'file',
  label: '视频文件',
  required: true,
  accept: VIDEO_ACCEPT,
  maxBytes: MEDIA_LIMITS.videoMaxBytes,
  help,
});

/** Clarity and matting go through an image vendor frame by frame (short clips), or the local demo effect. */
const ENHANCE_HELP = `视频文件，不超过 100 MB、${VIDEO_EDIT_LIMITS.vendorEnhanceMaxSeconds} 秒（逐帧处理）；演示模式最长 ${VIDEO_EDIT_LIMITS.localEnhanceMaxSeconds} 秒`;

const base = { group: 'video', icon: '🎬', kind: 'task', scenarios: ['media', 'create'] } as const;

export const VIDEO_EDIT_TOOLS: readonly ToolSpec[] = [
  {
    ...base,
    id: VIDEO_SUBTITLE_ID,
    // The page at /video/subtitle (the SRT editor) runs this tool; this path is its generic form.
    paths: ['/video/subtitle/task'],
    title: '视频字幕',
    description: '上传视频，语音识别生成字幕，在线校对后压制进画面或作为字幕轨导出',
    icon: '💬',
    output: 'video',
    fields: [
      videoField(),
      {
        name: 'action',
        type: 'radio',
        label: '步骤',
        options: [
          { value: 'recognize', label: '识别字幕' },
          { value: 'burn', label: '压制进画面' },
          { value: 'track', label: '添加字幕轨' },
        ],
        default: 'recognize',
      },
      { name: 'srt', type: 'textarea', label: '字幕（SRT）', max: 20_000, placeholder: '识别后在此校对；导出时留空则先自动识别', help: '格式：序号、时间（00:00:01,000 --> 00:00:03,000）、文字，每条之间空一行' },
      { name: 'fontSize', type: 'select', label: '字号', options: [{ value: 'small', label: '小' }, { value: 'medium', label: '中' }, { value: 'large', label: '大' }], default: 'medium' },
    ],
    quotaKey: 'media_edit',
    points: P.media_edit,
    keywords: ['字幕', '加字幕', 'SRT', '语音识别', '剪映'],
  },
  {
    ...base,
    id: VIDEO_DUB_ID,
    paths: ['/video/audio'],
    title: '视频配音',
    description: '上传视频并写好配音稿，AI 朗读后合成到视频里，可替换或混合原声',
    icon: '🎙️',
    output: 'video',
    fields: [
      videoField(),
      { name: 'text', type: 'textarea', label: '配音稿', required: true, max: 2000, placeholder: '输入要朗读的文字' },
      { name: 'voice', type: 'voice', label: '音色', help: '可选平台音色或「我的声音」中克隆的音色' },
      { name: 'speed', type: 'number', label: '语速', min: 0.5, max: 2, default: 1 },
      {
        name: 'mix',
        type: 'radio',
        label: '原声处理',
        options: [
          { value: 'replace', label: '替换原声' },
          { value: 'mix', label: '与原声混合' },
        ],
        default: 'replace',
      },
      { name: 'originalVolume', type: 'number', label: '原声音量（%）', min: 0, max: 100, default: 30, help: '混合时原声的音量' },
    ],
    quotaKey: 'media_edit',
    points: P.media_edit,
    keywords: ['配音', '旁白', '解说', '朗读'],
  },
  {
    ...base,
    id: VIDEO_EXTRACT_AUDIO_ID,
    paths: ['/AICreateVideo/AIExtractMusic/index'],
    title: '视频提取音乐',
    description: '从视频中提取音频，导出 MP3 或 WAV，可选只要人声或只要背景音乐',
    icon: '🎼',
    output: 'audio',
    fields: [
      videoField(),
      { name: 'format', type: 'radio', label: '格式', options: [{ value: 'mp3', label: 'MP3' }, { value: 'wav', label: 'WAV' }], default: 'mp3' },
      {
        name: 'part',
        type: 'select',
        label: '提取内容',
        options: [
          { value: 'all', label: '完整音轨' },
          { value: 'music', label: '背景音乐（去人声）' },
          { value: 'voice', label: '人声' },
        ],
        default: 'all',
        help: '人声/音乐分离需要管理员配置分离服务，未配置时导出完整音轨',
      },
    ],
    quotaKey: 'media_edit',
    points: P.media_edit,
    keywords: ['提取音频', '视频转音频', '视频转MP3', 'video2audio', '背景音乐'],
  },
  {
    ...base,
    id: VIDEO_CLARITY_ID,
    paths: ['/AICreateVideo/AIVideoClearImag/index'],
    title: '视频高清修复',
    description: '提升视频清晰度：放大分辨率并锐化细节',
    icon: '✨',
    output: 'video',
    fields: [videoField(ENHANCE_HELP)],
    quotaKey: 'ai_video',
    points: P.ai_video,
    keywords: ['高清', '超分', '画质增强', '修复'],
  },
  {
    ...base,
    id: VIDEO_MATTING_ID,
    paths: ['/video/matting'],
    title: '视频抠像',
    description: '去掉视频背景，换成纯色背景',
    icon: '🪄',
    output: 'video',
    fields: [
      videoField(ENHANCE_HELP),
      {
        name: 'background',
        type: 'select',
        label: '新背景',
        options: [
          { value: 'green', label: '绿幕' },
          { value: 'white', label: '白色' },
          { value: 'black', label: '黑色' },
          { value: 'blue', label: '蓝色' },
        ],
        default: 'green',
      },
    ],
    quotaKey: 'ai_video',
    points: P.ai_video,
    keywords: ['抠像', '去背景', '绿幕', '换背景'],
  },
  {
    ...base,
    id: VIDEO_INTERPOLATE_ID,
    paths: ['/AiVideo/AIVideoBusei'],
    title: '视频补帧',
    description: '运动补偿插帧到 60 帧，让画面更流畅',
    icon: '🎞️',
    output: 'video',
    fields: [videoField(`视频文件，最长 ${VIDEO_EDIT_LIMITS.interpolateMaxSeconds} 秒`)],
    quotaKey: 'media_edit',
    points: P.media_edit,
    keywords: ['补帧', '插帧', '60帧', '流畅'],
  },
  // 视频字幕 as CapCut/剪映 do it: recognise, review the lines in an editor, export (web/src/features/video-edit).
  page({ id: 'videoSubtitle', paths: ['/video/subtitle'], title: '视频字幕', description: '上传视频，识别语音生成字幕，逐条校对后压制进画面或作为字幕轨导出', group: 'video', icon: '💬', scenarios: ['media', 'create'], keywords: ['字幕', '加字幕', 'SRT', '剪映'] }),
  // Mind maps and decks from a recording or a video's sound: the file-maps feature's audio page, and a deck page on the slides wizard.
  page({ id: 'audioPluginMindMap', paths: ['/AiVioce/mapping/plugin'], title: '音频生成导图', description: '上传录音，语音转文字后整理成思维导图', group: 'mindmap', icon: '🗺️', scenarios: ['office', 'study'], keywords: ['音频导图', '录音', '会议纪要'] }),
  page({ id: 'videoMindMap', paths: ['/AiVideo/mapping/videoCreateMarkmap'], title: '视频生成导图', description: '上传视频，提取声音转成文字后整理成思维导图', group: 'mindmap', icon: '🗺️', scenarios: ['office', 'study'], keywords: ['视频导图', '视频总结'] }),
  page({ id: 'audioPpt', paths: ['/AiVioce/ppt/auidePptCreate'], title: '音频生成PPT', description: '上传录音，语音转文字后生成大纲，选模板生成 PPT', group: 'ppt', icon: '📽️', scenarios: ['office', 'study'], keywords: ['音频转PPT', '录音转PPT'] }),
  page({ id: 'videoPpt', paths: ['/AiVideo/ppt/plugin'], title: '视频生成PPT', description: '上传视频，提取声音转成文字后生成大纲，选模板生成 PPT', group: 'ppt', icon: '📽️', scenarios: ['office', 'study'], keywords: ['视频转PPT', '视频总结'] }),
];
export * from './media-video-edit-srt';
export * from './media-video-edit-calls';
