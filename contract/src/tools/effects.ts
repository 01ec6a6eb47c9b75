import type { ToolSpec } from './spec';

/**
 * Task tools: a form plus uploads -> a queued task with progress -> files (docs/api.md "Tasks").
 * Their server half (the handler that does the work) lives in server/src/tools/tasks/.
 */

/** Effects of 图片特效, in menu order (values are the handler's effect names). */
export const IMG_EFFECTS = [
  { value: 'grayscale', label: '黑白' },
  { value: 'sketch', label: '素描' },
  { value: 'vintage', label: '复古' },
  { value: 'oil', label: '油画感' },
  { value: 'pixel', label: '像素风' },
  { value: 'softfocus', label: '柔焦' },
  { value: 'invert', label: '反色' },
  { value: 'sharpen', label: '锐化' },
  { value: 'cool', label: '冷色调' },
  { value: 'warm', label: '暖色调' },
] as const;
export type ImgEffect = (typeof IMG_EFFECTS)[number]['value'];

/** Largest upload an image effect accepts. */
export const IMG_EFFECT_MAX_BYTES = 10 * 1024 * 1024;

export const TASK_TOOLS: readonly ToolSpec[] = [
  {
    id: 'aiImgEffect',
    paths: ['/aiGenerate/aiImgEffect'],
    title: '图片特效',
    description: '上传一张图片，一键生成黑白、素描、复古、油画、像素风等特效图，结果自动保存在历史中。',
    group: 'generate',
    icon: '🎨',
    kind: 'task',
    output: 'image',
    fields: [
      { name: 'image', type: 'image', label: '原图', required: true, accept: ['jpg', 'jpeg', 'png', 'webp'], maxBytes: IMG_EFFECT_MAX_BYTES, help: '支持 jpg、png、webp，不超过 10 MB' },
      { name: 'effect', type: 'select', label: '特效', required: true, options: IMG_EFFECTS, default: 'sketch' },
    ],
    quotaKey: 'tool_generate',
    points: 0,
    scenarios: ['image', 'create'],
    keywords: ['图片', '滤镜', '特效', '素描', '黑白', '像素'],
  },
];
