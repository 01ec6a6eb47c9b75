import type { ToolField, ToolSpec } from './spec';

import { AUDIO_ACCEPT, MEDIA_LIMITS, MEDIA_POINTS, VIDEO_ACCEPT } from './media-shared';

const POINTS = MEDIA_POINTS.ai_video;

/**
 * 文生视频、图生视频与视频模板 (video, AICreateVideo, AiVideo): the registry entries of this part of
 * the media family (media.ts). Every run is paid with ai_video (free users have no daily counts:
 * they switch to points). Generation goes through a vendor of server/catalog/videos.json (Zhipu
 * CogVideoX, Ark Seedance, DashScope Wan, Kling), or in demo mode is a short ffmpeg film of demo
 * pictures with the demo narration, marked 演示. The templates (换脸, 数字人, 跳舞, 拥抱, 表情, 口型同步)
 * run only through a vendor that offers them; otherwise a run is refused before anything is held.
 */

export const VIDEO_TEXT_ID = 'video-text';
export const VIDEO_IMAGE_ID = 'video-image';
export const VIDEO_HUG_ID = 'video-hug';
export const VIDEO_EMOTE_ID = 'video-emote';
export const VIDEO_DANCE_ID = 'video-dance';
export const VIDEO_FACE_VIDEO_ID = 'video-face-video';
export const VIDEO_FACE_IMAGE_ID = 'video-face-image';
export const VIDEO_HUMAN_ID = 'video-human';
export const VIDEO_LIPSYNC_ID = 'video-lipsync';

/** The vendor templates, as named in videos.json's `templates`, by tool id. */
export const VIDEO_TEMPLATE_OF = {
  [VIDEO_HUG_ID]: 'hug',
  [VIDEO_EMOTE_ID]: 'emote',
  [VIDEO_DANCE_ID]: 'dance',
  [VIDEO_FACE_VIDEO_ID]: 'face_swap_video',
  [VIDEO_FACE_IMAGE_ID]: 'face_swap_image',
  [VIDEO_HUMAN_ID]: 'digital_human',
  [VIDEO_LIPSYNC_ID]: 'lip_sync',
} as const;
export type VideoTemplate = (typeof VIDEO_TEMPLATE_OF)[keyof typeof VIDEO_TEMPLATE_OF];
export const VIDEO_TEMPLATES = Object.values(VIDEO_TEMPLATE_OF) as readonly VideoTemplate[];

export const VIDEO_GEN_LIMITS = { promptMax: 800, scriptMax: 300 } as const;

export const VIDEO_STYLES = ['写实', '电影感', '动漫', '3D卡通', '水墨', '赛博朋克'] as const;
export const VIDEO_RATIOS = ['16:9', '9:16', '1:1'] as const;
/** Single-picture effects of the emote template (Kling's effect scenes). */
export const VIDEO_EMOTE_SCENES = [
  { value: 'dizzydizzy', label: '晕头转向' },
  { value: 'bloombloom', label: '花朵绽放' },
  { value: 'squish', label: '捏捏' },
  { value: 'expansion', label: '膨胀' },
  { value: 'fuzzyfuzzy', label: '毛绒绒' },
] as const;

/** The consent line of the templates that show a real person: the user must tick it. */
export const VIDEO_CONSENT_LINE = '我确认素材中的人物是本人或已获得其授权，并同意仅将结果用于合法用途';
const consent: ToolField = { name: 'consent', type: 'consent', label: VIDEO_CONSENT_LINE, required: true };

const picture = (label: string, name = 'image'): ToolField => ({
  name,
  type: 'image',
  label,
  required: true,
  accept: ['png', 'jpg', 'jpeg', 'webp'],
  maxBytes: 10 * 1024 * 1024,
  help: 'PNG、JPG 或 WebP，不超过 10 MB',
});
const videoFile = (label: string): ToolField => ({
  name: 'video',
  type: 'file',
  label,
  required: true,
  accept: VIDEO_ACCEPT,
  maxBytes: MEDIA_LIMITS.videoMaxBytes,
  help: '视频文件，不超过 100 MB',
});
const prompt = (label: string, required: boolean, placeholder: string): ToolField => ({
  name: 'text',
  type: 'textarea',
  label,
  required,
  placeholder,
  max: VIDEO_GEN_LIMITS.promptMax,
});
const duration: ToolField = {
  name: 'duration',
  type: 'radio',
  label: '时长',
  options: [
    { value: '5', label: '5 秒' },
    { value: '10', label: '10 秒' },
  ],
  default: '5',
};
const ratio: ToolField = {
  name: 'ratio',
  type: 'size',
  label: '画面比例',
  options: VIDEO_RATIOS.map((r) => ({ value: r, label: r })),
  default: '16:9',
};
const style: ToolField = {
  name: 'style',
  type: 'select',
  label: '风格',
  placeholder: '不限（可不选）',
  options: VIDEO_STYLES.map((s) => ({ value: s, label: s })),
};
const withAudio: ToolField = {
  name: 'audio',
  type: 'switch',
  label: '生成声音',
  default: true,
  help: '服务商支持时生成配乐或音效；演示模式为朗读描述',
};

const base = {
  group: 'video',
  icon: '🎬',
  kind: 'task',
  output: 'video',
  scenarios: ['media', 'create'],
  quotaKey: 'ai_video',
  points: POINTS,
} as const;

export const VIDEO_HUB_ID = 'videoHub';

export const VIDEO_TOOLS: readonly ToolSpec[] = [
  {
    // The hubs (AI视频, 创意视频, AI视频创作): the creation tools first, then every video tool as a card.
    id: VIDEO_HUB_ID,
    paths: ['/video', '/video/idea', '/AICreateVideo', '/AICreateVideo/index', '/AiVideo/index'],
    title: 'AI视频',
    description: '文生视频、图生视频，以及字幕、配音、换脸、数字人等视频工具',
    group: 'video',
    icon: '🎬',
    kind: 'page',
    output: 'page',
    fields: [],
    quotaKey: '',
    points: 0,
    scenarios: ['media', 'create'],
    keywords: ['AI视频', '创意视频', 'AI视频创作', '视频生成'],
  },
  {
    ...base,
    id: VIDEO_TEXT_ID,
    paths: ['/video/create/text', '/AICreateVideo/createByText'],
    title: '文生视频',
    description: '一句话描述画面，AI 生成 5 或 10 秒的视频，可选风格、比例与声音',
    fields: [prompt('画面描述', true, '例如：清晨的西湖，薄雾缭绕，一只白鹭掠过水面，镜头缓缓推进'), style, ratio, duration, withAudio],
    examples: [
      { label: '西湖晨雾', inputs: { text: '清晨的西湖，薄雾缭绕，一只白鹭掠过水面，镜头缓缓推进', style: '电影感' } },
      { label: '赛博城市', inputs: { text: '雨夜的霓虹城市街道，飞行汽车穿过高楼之间', style: '赛博朋克', ratio: '9:16' } },
    ],
    keywords: ['视频', '文生视频', 'AI视频', '视频生成', '创意视频', 'AI视频创作'],
  },
  {
    ...base,
    id: VIDEO_IMAGE_ID,
    paths: ['/video/create/image', '/AICreateVideo/createByImage'],
    title: '图生视频',
    description: '上传一张图片并描述动作，让画面动起来',
    icon: '🖼️',
    fields: [picture('图片'), prompt('动作描述', false, '例如：人物微笑着转头，头发随风飘动'), duration, withAudio],
    keywords: ['图生视频', '图片动起来', '照片动起来'],
  },
  {
    ...base,
    id: VIDEO_HUG_ID,
    paths: ['/video/hug'],
    title: 'AI拥抱',
    description: '上传两张人物照片，生成两人拥抱的视频（需运营方开通提供该模板的视频服务商；未开通时提交会直接提示，不扣次数或积分）',
    icon: '🤗',
    fields: [picture('第一个人的照片', 'image'), picture('第二个人的照片', 'image2'), consent],
    keywords: ['拥抱', '合照动起来'],
  },
  {
    ...base,
    id: VIDEO_EMOTE_ID,
    paths: ['/video/emote/diy', '/video/emote/dance', '/AICreateVideo/expressionCustom/index'],
    title: '表情定制',
    description:
      '上传一张照片，选一个动态特效，生成趣味表情视频（需运营方开通提供该模板的视频服务商；未开通时提交会直接提示，不扣次数或积分）',
    icon: '😜',
    fields: [
      picture('照片'),
      { name: 'scene', type: 'select', label: '特效', options: VIDEO_EMOTE_SCENES, default: 'dizzydizzy' },
      consent,
    ],
    keywords: ['表情', '表情包', '表情舞蹈', '自定义表情'],
  },
  {
    ...base,
    id: VIDEO_DANCE_ID,
    paths: ['/video/dance'],
    title: 'AI跳舞',
    description: '上传一张全身照，让照片中的人物跳舞（需运营方开通提供该模板的视频服务商；未开通时提交会直接提示，不扣次数或积分）',
    icon: '💃',
    fields: [picture('全身照片'), consent],
    keywords: ['跳舞', '舞蹈'],
  },
  {
    ...base,
    id: VIDEO_FACE_VIDEO_ID,
    paths: ['/video/face/video'],
    title: '视频换脸',
    description: '把视频中人物的脸换成照片中的脸（需运营方开通提供该模板的视频服务商；未开通时提交会直接提示，不扣次数或积分）',
    icon: '🎭',
    fields: [videoFile('原视频'), picture('人脸照片', 'face'), consent],
    keywords: ['换脸', '视频换脸'],
  },
  {
    ...base,
    id: VIDEO_FACE_IMAGE_ID,
    paths: ['/video/face/image'],
    title: '图片换脸',
    description: '把照片中的脸换到另一张图片上，生成动态视频（需运营方开通提供该模板的视频服务商；未开通时提交会直接提示，不扣次数或积分）',
    icon: '🎭',
    fields: [picture('原图'), picture('人脸照片', 'face'), consent],
    keywords: ['换脸', '图片换脸'],
  },
  {
    ...base,
    id: VIDEO_HUMAN_ID,
    paths: ['/AICreateVideo/AINumPerson/index', '/video/human/video', '/video/human/image'],
    title: 'AI数字人',
    description:
      '上传一张人物照片并输入台词，生成开口说话的数字人视频（需运营方开通提供该模板的视频服务商；未开通时提交会直接提示，不扣次数或积分）',
    icon: '🧑‍💼',
    fields: [
      picture('人物照片'),
      { name: 'text', type: 'textarea', label: '台词', required: true, max: VIDEO_GEN_LIMITS.scriptMax },
      consent,
    ],
    keywords: ['数字人', '照片数字人', '数字人视频'],
  },
  {
    ...base,
    id: VIDEO_LIPSYNC_ID,
    paths: ['/AICreateVideo/humanShapSync/index'],
    title: '口型同步',
    description:
      '上传人物视频和一段音频，让人物口型与声音对上（需运营方开通提供该模板的视频服务商；未开通时提交会直接提示，不扣次数或积分）',
    icon: '👄',
    fields: [
      videoFile('人物视频'),
      {
        name: 'audio',
        type: 'file',
        label: '音频',
        required: true,
        accept: AUDIO_ACCEPT,
        maxBytes: MEDIA_LIMITS.audioMaxBytes,
        help: '音频文件，不超过 20 MB',
      },
      consent,
    ],
    keywords: ['口型', '对口型', '口型同步'],
  },
];
