import sharp from 'sharp';
import { MSG, type ToolSpec } from '@wanxiang/contract';
import type { CatalogModel } from '../../catalog';
import { wholeAnswer } from '../../llm/whole-answer';
import { LlmError } from '../../llm/errors';
import { TaskFailure, type TaskHandler } from '../../jobs';
import type { AppContext } from '../../context';
import { readPicture } from './image-inputs';

/**
 * 图片反推提示词 (ImageReversWord): the picture goes to a vision model of the chat catalog (the
 * image-understanding kind, resloveType 'image', through the LLM gateway with an image part), which
 * writes a drawing prompt. The result is text, so the task's result carries it twice: as `text`
 * (shown and copied on the page) and as a .txt file (downloaded, with the AI-content line at its
 * end). In demo mode the demo upstream answers a prompt built from the picture's real size and
 * colours, marked 演示.
 */

type ReverseContext = Pick<AppContext, 'database' | 'storage' | 'llm' | 'catalog'>;

/** The picture is sent at most this large: enough to describe, cheap in tokens. */
const VISION_MAX_SIDE = 1024;
/** Longest prompt kept (a model that rambles is cut). */
const PROMPT_MAX_CHARS = 2_000;

const SYSTEM = {
  zh: '你是 AI 绘画提示词专家。请仔细观察图片，写一段可以直接用于 AI 绘画的中文提示词：依次写主体、动作与表情、服饰、场景、构图与景别、光线、色彩、画风与质感，用中文逗号分隔短语。只输出提示词本身，不要解释，不要分点。',
  en: 'You are an expert in prompts for AI image generation. Look at the picture carefully and write one English prompt that can be used directly: subject, action, clothing, scene, composition and shot, lighting, colours, art style and quality words, as comma-separated phrases. Output the prompt only, no explanations, no lists.',
} as const;

type Language = keyof typeof SYSTEM;

/** The first vision model the gateway serves now. */
function visionModel(ctx: Pick<ReverseContext, 'catalog' | 'llm'>): CatalogModel | undefined {
  return ctx.catalog.models().find((m) => m.resloveType === 'image' && ctx.llm.available(m));
}

/** Colour words of an RGB mean, for the demo answer. */
function colourName(r: number, g: number, b: number, lang: Language): string {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const names = lang === 'zh' ? ['红色', '橙黄色', '绿色', '青色', '蓝色', '紫色', '灰色'] : ['red', 'orange-yellow', 'green', 'cyan', 'blue', 'purple', 'grey'];
  if (max - min < 24) return names[6]!;
  const h = max === r ? ((g - b) / (max - min) + 6) % 6 : max === g ? (b - r) / (max - min) + 2 : (r - g) / (max - min) + 4;
  return names[Math.floor(h) % 6]!;
}

/** The demo upstream's answer: a prompt made from what the picture really is (orientation, colour, brightness). */
export async function demoReversePrompt(png: Buffer, lang: Language): Promise<string> {
  const { width = 1, height = 1 } = await sharp(png).metadata();
  const { channels } = await sharp(png).removeAlpha().stats();
  const [r, g, b] = channels.map((c) => c.mean);
  const light = ((r ?? 0) + (g ?? 0) + (b ?? 0)) / 3;
  const colour = colourName(r ?? 0, g ?? 0, b ?? 0, lang);
  if (lang === 'en') {
    const shape = width > height * 1.1 ? 'landscape' : height > width * 1.1 ? 'portrait' : 'square';
    return `(demo) a ${shape} ${width}x${height} picture, dominant ${colour} tones, ${light > 128 ? 'bright soft' : 'low-key moody'} lighting, clean composition, centered subject, highly detailed, 8k, professional photography`;
  }
  const shape = width > height * 1.1 ? '横向' : height > width * 1.1 ? '竖向' : '方形';
  return `（演示）一幅${shape}画面（${width}×${height}），主色调为${colour}，${light > 128 ? '明亮柔和' : '低调暗沉'}的光线，构图简洁，主体位于画面中央，细节丰富，高清，8K，专业摄影`;
}

export function reversePromptHandler(ctx: ReverseContext, tool: Pick<ToolSpec, 'id' | 'title' | 'fields'>): TaskHandler {
  return {
    name: tool.id,
    timeoutMs: 3 * 60_000,
    async run(task, tools) {
      const lang: Language = task.inputs.language === 'en' ? 'en' : 'zh';
      const model = visionModel(ctx);
      if (!model) throw new TaskFailure(MSG.imgReverseNoModel);
      await tools.progress(5, MSG.imgStageReading);
      const label = tool.fields.find((f) => f.name === 'image')?.label ?? '图片';
      const pic = await readPicture(ctx, task.userId, String(task.inputs.image), label, VISION_MAX_SIDE);
      await tools.progress(20, MSG.imgStageDescribing);
      const demoAnswer = ctx.llm.demo ? await demoReversePrompt(pic.bytes, lang) : null;
      const ask = lang === 'zh' ? '请为这张图片写 AI 绘画提示词。' : 'Write the AI image prompt for this picture.';
      let answer: string;
      try {
        answer = await wholeAnswer(ctx, model, { system: SYSTEM[lang], user: ask, png: pic.bytes, temperature: 0.3, maxTokens: 800, demoAnswer }, tools.signal);
      } catch (err) {
        if (tools.signal.aborted) throw err;
        if (err instanceof LlmError) throw new TaskFailure(MSG.imgReverseFailed);
        throw err;
      }
      const prompt = [...answer.trim()].slice(0, PROMPT_MAX_CHARS).join('');
      if (!prompt) throw new TaskFailure(MSG.imgReverseEmpty);
      await tools.progress(90, MSG.imgStageSaving);
      const file = await tools.saveFile({ name: `${tool.title}.txt`, contentType: 'text/plain; charset=utf-8', body: Buffer.from(`${prompt}\n\n${MSG.aiDisclaimer}\n`, 'utf8') });
      return { files: [file], text: prompt };
    },
  };
}
