import sharp from 'sharp';
import { COVER_PLATFORMS, DESIGN_TASK_TOOLS, IMAGE_COUNT_MAX, MSG, SIGN_STYLES, type DesignStyle, type SignStyle, type TaskFile, type ToolInputs, type ToolSpec } from '@wanxiang/contract';
import { demoMark } from '../../infra/images/demo-painter';
import { TaskFailure, type TaskHandler, type TaskRow, type TaskRunTools } from '../../jobs';
import { iconDesign, logoDesign, coverDesign, redCoverDesign, type LogoLayout } from './design-layouts';
import { signatureDesign, SIGN_INKS } from './design-sign';
import { designLook, type DesignLook } from './design-styles';
import { iconGlyph } from './design-text';
import type { ImageToolsContext } from './image-tool';
import { labelPicture, runImageJob, savePicture, VendorStates } from './image-output';
import { composePrompt, DEMO_FAILURE_MARKER, seedOf, text } from './image-prompt';

/**
 * The design tools' handler (AI图标, AI Logo, AI封面, 红包封面, AI签名; docs/product/creation.md):
 * per variant, a picture from the image backend's generate operation (the demo painter in demo
 * mode) at the layout's shape, then our words set on it at the tool's layout (design-layouts.ts)
 * and both AI-content labels added; each variant is stored as soon as it is done (partial
 * results). The signature has no picture: it is set from the name alone (design-sign.ts), so it
 * works without an image vendor. Failures refund (the task engine's rule).
 */

const DESIGN_TASK_TIMEOUT_MS = 10 * 60_000;

/** Stage shown while our words are set (ours, not a spec message). */
const STAGE_LAYOUT = '排版文字';

/** What one tool does with a variant: the picture it asks for, and the design made from it. */
interface DesignPlan {
  /** The picture's size (multiples of 8; the layout crops it to the design) and the tool's own prompt words; null: no picture. */
  picture: ((inputs: ToolInputs) => { width: number; height: number; words: string }) | null;
  fallbackStyle: DesignStyle;
  /** The layout cuts the picture's corners away (rounded square, circle), and with them the demo painter's 演示 plate. */
  cutsCorners?: boolean;
  make: (picture: Buffer | null, inputs: ToolInputs, look: DesignLook, index: number, seed: number) => Promise<Buffer>;
}

const m8 = (n: number) => Math.max(256, Math.round(n / 8) * 8);

/** The picture's size for a design of w×h: its shape, the longer side 1280 at most (then scaled up by the layout). */
function pictureFor(w: number, h: number): { width: number; height: number } {
  const scale = Math.min(1, 1280 / Math.max(w, h));
  return { width: m8(w * scale), height: m8(h * scale) };
}

export function coverPlatform(inputs: ToolInputs) {
  return COVER_PLATFORMS.find((p) => p.value === text(inputs.platform)) ?? COVER_PLATFORMS[0];
}

function signStyleOf(inputs: ToolInputs, index: number): SignStyle {
  const picked = text(inputs.style);
  if ((SIGN_STYLES as readonly string[]).includes(picked)) return picked as SignStyle;
  // 混合 (or nothing): each variant in the next style.
  return SIGN_STYLES[index % SIGN_STYLES.length]!;
}

export const DESIGN_PLANS: Readonly<Record<string, DesignPlan>> = {
  aiicon: {
    picture: () => ({ width: 1024, height: 1024, words: '应用图标的背景图案，居中构图，图形简洁饱满，画面中不要出现任何文字' }),
    fallbackStyle: '渐变',
    cutsCorners: true,
    make: (pic, inputs, look) => iconDesign(pic!, iconGlyph(text(inputs.name)), look),
  },
  ailogo: {
    picture: () => ({ width: 1024, height: 1024, words: '标志图形，单一主体居中，几何化简洁造型，适合做品牌标志，纯色背景，画面中不要出现任何文字' }),
    fallbackStyle: '简约',
    cutsCorners: true,
    make: (pic, inputs, look) => logoDesign(pic!, text(inputs.brand), text(inputs.slogan), (text(inputs.layout) || 'horizontal') as LogoLayout, look, text(inputs.background) === 'white'),
  },
  aicover: {
    picture: (inputs) => ({ ...pictureFor(coverPlatform(inputs).width, coverPlatform(inputs).height), words: '封面背景图，主体偏向一侧，留出放标题的空白区域，画面中不要出现任何文字' }),
    fallbackStyle: '简约',
    make: (pic, inputs, look) => {
      const p = coverPlatform(inputs);
      return coverDesign(pic!, p.width, p.height, text(inputs.title), text(inputs.subtitle), look);
    },
  },
  airedcover: {
    picture: () => ({ width: 720, height: 960, words: '微信红包封面插画，喜庆吉祥，红色为主，画面上部留出放祝福语的空间，画面中不要出现任何文字' }),
    fallbackStyle: '国潮',
    make: (pic, inputs, look) => redCoverDesign(pic!, text(inputs.title), text(inputs.signature), look),
  },
  aisign: {
    picture: null,
    fallbackStyle: '简约',
    make: (_pic, inputs, _look, index, seed) => signatureDesign(text(inputs.name), signStyleOf(inputs, index), SIGN_INKS[text(inputs.color)] ?? SIGN_INKS.black!, seed),
  },
};

/** The user's words that a demo-mode fault marker may sit in. */
const TEXT_FIELDS = ['text', 'name', 'brand', 'slogan', 'title', 'subtitle', 'signature'];

/** A demo design whose corners were cut keeps saying 演示: the plate again, top centre. */
async function withDemoPlate(design: Buffer): Promise<Buffer> {
  const { width = 1 } = await sharp(design).metadata();
  const plate = await demoMark(width);
  const { width: w = 1 } = await sharp(plate).metadata();
  return sharp(design)
    .composite([{ input: plate, left: Math.max(0, Math.round((width - w) / 2)), top: Math.round(width / 64) }])
    .png()
    .toBuffer();
}

async function runDesign(ctx: ImageToolsContext, tool: ToolSpec, plan: DesignPlan, task: TaskRow, tools: TaskRunTools): Promise<TaskFile[]> {
  const inputs = task.inputs;
  if (ctx.images.demo && TEXT_FIELDS.some((f) => text(inputs[f]).includes(DEMO_FAILURE_MARKER))) throw new TaskFailure(MSG.imgDemoFailure);
  const route = plan.picture ? ctx.images.route('generate') : null;
  if (plan.picture && !route) throw new TaskFailure(MSG.imgNotEnabled(tool.title));
  const look = designLook(text(inputs.style), plan.fallbackStyle);
  const vendor = new VendorStates(task, tools);
  const count = typeof inputs.count === 'number' ? Math.min(IMAGE_COUNT_MAX, Math.max(1, Math.round(inputs.count))) : 1;
  const seed = seedOf(inputs);
  const files = (task.result?.files ?? []).slice(0, count);
  const span = 90 / count;
  for (let i = files.length; i < count; i++) {
    const from = 5 + i * span;
    let picture: Buffer | null = null;
    if (plan.picture && route) {
      const shape = plan.picture(inputs);
      const style = text(inputs.style);
      const pic = await runImageJob(tools, vendor, {
        route,
        job: { op: 'generate', prompt: composePrompt(text(inputs.text), `${shape.words}，${look.words}`, ''), width: shape.width, height: shape.height, count: 1, seed: seed + i, ...(style ? { style } : {}) },
        key: String(i),
        from,
        to: from + span * 0.7,
        stage: count > 1 ? MSG.imgStagePaintingOne(i + 1, count) : undefined,
        title: tool.title,
      });
      picture = pic.bytes;
    }
    await tools.progress(from + span * 0.75, STAGE_LAYOUT);
    let design: Buffer;
    try {
      design = await plan.make(picture, inputs, look, i, seed + i);
      if (ctx.images.demo && plan.cutsCorners) design = await withDemoPlate(design);
    } catch {
      // A picture the layout cannot read is the vendor's bad answer.
      throw new TaskFailure(MSG.imgBadAnswer);
    }
    tools.signal.throwIfAborted();
    await tools.progress(from + span * 0.9, MSG.imgStageSaving);
    const labelled = await labelPicture(design, task.id);
    files.push(await savePicture(tools, labelled, count > 1 ? `${tool.title}-${i + 1}` : tool.title));
  }
  return files;
}

export function designToolHandler(ctx: ImageToolsContext, tool: ToolSpec): TaskHandler {
  const plan = DESIGN_PLANS[tool.id];
  if (!plan) throw new Error(`design tool ${tool.id} has no plan (server/src/tools/tasks/design-tool.ts)`);
  return {
    name: tool.id,
    timeoutMs: DESIGN_TASK_TIMEOUT_MS,
    partialResults: true,
    run: async (task, tools) => ({ files: await runDesign(ctx, tool, plan, task, tools) }),
  };
}

/** Every design tool's handler (registered in index.ts). */
export function designToolHandlers(ctx: ImageToolsContext): TaskHandler[] {
  return DESIGN_TASK_TOOLS.map((tool) => designToolHandler(ctx, tool));
}
