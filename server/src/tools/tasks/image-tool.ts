import sharp from 'sharp';
import { FACE_TOOL_IDS, IMAGE_COUNT_MAX, IMAGE_TOOLS, MSG, type TaskFile, type ToolSpec } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { ImageJob, ImageOp, ImageRoute } from '../../infra/images';
import type { ImageInput } from '../../infra/images/types';
import { TaskFailure, type TaskHandler, type TaskRow, type TaskRunTools } from '../../jobs';
import { ownFile } from '../../modules/files/service';
import { faceToolHandler } from './image-face';
import { INPUT_MAX_SIDE, readMask, readPicture, RESULT_MAX_SIDE, shrinkPicture } from './image-inputs';
import { labelPicture, runImageJob, savePicture, VendorStates } from './image-output';
import { IMAGE_PLANS, type ImagePlan } from './image-plans';
import { composePrompt, DEMO_FAILURE_MARKER, expandMargins, seedOf, sizeOf, strengthOf, styleOf, text } from './image-prompt';
import { reversePromptHandler } from './image-reverse';
import { plainQrCode, readQrCode } from './qr';

/**
 * The image tools' one generic handler (docs/api.md "Tasks", docs/product/creation.md): each /draw
 * tool's task reads and checks its pictures, composes the prompt (the user's words, the tool's,
 * the style preset's: ours), asks the image backend for the tool's operation (the operator's
 * vendor, or the demo painter in demo mode), and stores every picture with the AI-content labels
 * as soon as it is ready (partial results: each slot of the page fills on its own). Special
 * shapes of the same flow: 商品换背景 (matting, a generated background, composited with sharp) and
 * the art QR codes (drawn by us, painted, read back with a QR reader, painted again with a stronger
 * code until one scans). No vendor for the operation: the task fails saying the operator has not
 * enabled it; any failure refunds (the task engine's rule).
 */

export type ImageToolsContext = Pick<AppContext, 'database' | 'storage' | 'images' | 'llm' | 'catalog'>;

/** Long enough for a slow vendor's four pictures or an art QR code's four tries. */
const IMAGE_TASK_TIMEOUT_MS = 10 * 60_000;

/** Art QR tries: how far the picture may depart from the code (lower = the code shows more); the first try, then 3 stronger ones. */
const QR_STRENGTHS = { visible: [0.45, 0.35, 0.25, 0.15], hidden: [0.6, 0.45, 0.3, 0.15] } as const;
const QR_SIZE = 1024;

const multipleOf8 = (n: number) => Math.max(256, Math.round(n / 8) * 8);

interface Run {
  ctx: ImageToolsContext;
  tool: ToolSpec;
  task: TaskRow;
  tools: TaskRunTools;
  vendor: VendorStates;
  /** Pictures an earlier claim of this task already stored (partial results), kept instead of painted again. */
  done: TaskFile[];
}

const labelOf = (tool: ToolSpec, name: string) => tool.fields.find((f) => f.name === name)?.label ?? name;

/**
 * `[demo:error=500]` in a prompt fails the task in demo mode, so the refund can be tried from the page; a tool without a
 * prompt (upscale, colourise, cut-out...) takes the marker from its picture's file name, as 图片特效 does.
 */
async function demoFault(run: Run, ...texts: string[]): Promise<void> {
  if (!run.ctx.images.demo) return;
  const noPrompt = !run.tool.fields.some((f) => f.name === 'text') && typeof run.task.inputs.image === 'string';
  const name = noPrompt ? ((await ownFile(run.ctx, run.task.userId, String(run.task.inputs.image)).catch(() => null))?.name ?? '') : '';
  if ([...texts, name].some((t) => t.includes(DEMO_FAILURE_MARKER))) throw new TaskFailure(MSG.imgDemoFailure);
}

function routeOf(run: Run, op: ImageOp): ImageRoute {
  const route = run.ctx.images.route(op);
  if (!route) throw new TaskFailure(MSG.imgNotEnabled(run.tool.title));
  return route;
}

async function picture(run: Run, field: string, maxSide = INPUT_MAX_SIDE): Promise<ImageInput> {
  return readPicture(run.ctx, run.task.userId, String(run.task.inputs[field]), labelOf(run.tool, field), maxSide);
}

/** Generation, edits, control, enhancement and cut-out: `count` pictures (1 unless the form has a count), each stored when ready. */
async function paint(run: Run, plan: Extract<ImagePlan, { kind: 'paint' }>): Promise<TaskFile[]> {
  const { tool, task, tools } = run;
  const inputs = task.inputs;
  const userText = text(inputs.text);
  await demoFault(run, userText);
  const hasImage = typeof inputs.image === 'string';
  const op = hasImage ? plan.op : (plan.withoutImage ?? plan.op);
  const route = routeOf(run, op);
  const style = styleOf(inputs, plan.style);
  const scale = text(inputs.scale) === '4' ? 4 : 2;
  await tools.progress(3, MSG.imgStageReading);
  // An upscale's input is capped so its result stays within RESULT_MAX_SIDE.
  let image = hasImage ? await picture(run, 'image', op === 'upscale' ? Math.floor(RESULT_MAX_SIDE / scale) : INPUT_MAX_SIDE) : undefined;
  const job: Omit<ImageJob, 'model'> = {
    op,
    prompt: composePrompt(userText, plan.words, style),
    ...(text(inputs.negativePrompt) ? { negativePrompt: text(inputs.negativePrompt) } : {}),
    ...sizeOf(inputs),
    count: 1,
    ...(strengthOf(inputs) !== undefined ? { strength: strengthOf(inputs) } : {}),
    ...(style ? { style } : {}),
  };
  if (image && op === 'expand') {
    // The expanded canvas stays within RESULT_MAX_SIDE: a large picture is shrunk first.
    let m = expandMargins(tool.id, inputs, image.width, image.height);
    const side = Math.max(image.width + m.left + m.right, image.height + m.top + m.bottom);
    if (side > RESULT_MAX_SIDE) {
      image = await shrinkPicture(image, Math.floor((Math.max(image.width, image.height) * RESULT_MAX_SIDE) / side));
      m = expandMargins(tool.id, inputs, image.width, image.height);
    }
    Object.assign(job, { expand: m, width: image.width + m.left + m.right, height: image.height + m.top + m.bottom });
  } else if (image && op === 'upscale') {
    Object.assign(job, { scale, width: image.width * scale, height: image.height * scale });
  } else if (image) {
    Object.assign(job, { width: image.width, height: image.height });
  }
  if (image) job.image = image;
  if (image && op === 'inpaint') job.mask = await readMask(run.ctx, task.userId, String(inputs.mask), labelOf(tool, 'mask'), image);

  const count = typeof inputs.count === 'number' ? Math.min(IMAGE_COUNT_MAX, Math.max(1, Math.round(inputs.count))) : 1;
  const seed = seedOf(inputs);
  const files = run.done.slice(0, count);
  const span = 85 / count;
  for (let i = files.length; i < count; i++) {
    const from = 8 + i * span;
    const pic = await runImageJob(tools, run.vendor, {
      route,
      job: { ...job, seed: seed + i },
      key: String(i),
      from,
      to: from + span * 0.9,
      stage: count > 1 ? MSG.imgStagePaintingOne(i + 1, count) : undefined,
      title: tool.title,
    });
    await tools.progress(from + span * 0.9, MSG.imgStageSaving);
    const labelled = await labelPicture(pic.bytes, task.id);
    files.push(await savePicture(tools, labelled, count > 1 ? `${tool.title}-${i + 1}` : tool.title));
  }
  return files;
}

/** 商品换背景: the product cut out, a background generated from the prompt at its size, the cut-out laid over it. */
async function productBackground(run: Run): Promise<TaskFile[]> {
  const { tool, task, tools } = run;
  if (run.done.length > 0) return run.done.slice(0, 1);
  const userText = text(task.inputs.text);
  await demoFault(run, userText);
  const matting = routeOf(run, 'matting');
  const generate = routeOf(run, 'generate');
  await tools.progress(3, MSG.imgStageReading);
  const product = await picture(run, 'image');
  const { width, height } = product;
  const cut = await runImageJob(tools, run.vendor, {
    route: matting,
    job: { op: 'matting', prompt: '', width, height, count: 1, image: product },
    key: 'matting',
    from: 8,
    to: 40,
    stage: MSG.imgStageMatting,
    title: tool.title,
  });
  const background = await runImageJob(tools, run.vendor, {
    route: generate,
    job: { op: 'generate', prompt: composePrompt(userText, '商品展示背景，画面中央留出摆放商品的位置，无人物，无文字', ''), width: multipleOf8(width), height: multipleOf8(height), count: 1, seed: seedOf(task.inputs) },
    key: 'background',
    from: 40,
    to: 80,
    stage: MSG.imgStageBackground,
    title: tool.title,
  });
  await tools.progress(82, MSG.imgStageComposing);
  let composed: Buffer;
  try {
    const cutout = await sharp(cut.bytes).resize(width, height, { fit: 'fill' }).ensureAlpha().png().toBuffer();
    composed = await sharp(background.bytes).resize(width, height, { fit: 'cover' }).removeAlpha().composite([{ input: cutout }]).png().toBuffer();
  } catch {
    throw new TaskFailure(MSG.imgBadAnswer);
  }
  await tools.progress(90, MSG.imgStageSaving);
  return [await savePicture(tools, await labelPicture(composed, task.id), tool.title)];
}

/**
 * Art QR codes: the plain code (ours), painted into a picture by the qrcode operation, read back
 * with a QR reader after labelling (what the user downloads must scan); a picture that does not
 * scan is painted again with a stronger code, up to 3 more times; none scans: the task fails.
 */
async function artQrCode(run: Run, plan: Extract<ImagePlan, { kind: 'qrcode' }>): Promise<TaskFile[]> {
  const { tool, task, tools } = run;
  if (run.done.length > 0) return run.done.slice(0, 1);
  const content = text(task.inputs.content);
  const userText = text(task.inputs.text);
  await demoFault(run, userText, content);
  const route = routeOf(run, 'qrcode');
  await tools.progress(3, MSG.imgStageQrDrawing);
  const code = await plainQrCode(content, QR_SIZE);
  const style = styleOf(task.inputs);
  const words = plan.hidden ? '二维码图案自然融入画面，远看是一幅完整的画' : '画面中清晰可见的二维码图案，与画面融为一体';
  const seed = seedOf(task.inputs);
  const strengths = plan.hidden ? QR_STRENGTHS.hidden : QR_STRENGTHS.visible;
  const span = 88 / strengths.length;
  for (const [attempt, strength] of strengths.entries()) {
    const from = 6 + attempt * span;
    const pic = await runImageJob(tools, run.vendor, {
      route,
      // The plain code is both the control picture and the reference the demo painter paints over.
      job: { op: 'qrcode', prompt: composePrompt(userText, words, style), width: QR_SIZE, height: QR_SIZE, count: 1, seed: seed + attempt, strength, image: code, qrImage: code, qrText: content, ...(style ? { style } : {}) },
      key: `qr${attempt}`,
      from,
      to: from + span * 0.8,
      stage: attempt === 0 ? MSG.imgStagePainting : MSG.imgStageQrRetry(attempt),
      title: tool.title,
    });
    const labelled = await labelPicture(pic.bytes, task.id);
    await tools.progress(from + span * 0.85, MSG.imgStageQrChecking);
    if ((await readQrCode(labelled.body)) === content) {
      await tools.progress(96, MSG.imgStageSaving);
      return [await savePicture(tools, labelled, tool.title)];
    }
    tools.signal.throwIfAborted();
  }
  throw new TaskFailure(MSG.imgQrNeverScans);
}

/** The generic handler of one image tool, parameterised by its plan. */
export function imageToolHandler(ctx: ImageToolsContext, tool: ToolSpec, plan: Exclude<ImagePlan, { kind: 'reverse' }>): TaskHandler {
  return {
    name: tool.id,
    timeoutMs: IMAGE_TASK_TIMEOUT_MS,
    partialResults: true,
    refuse(inputs) {
      // A style page paints the uploaded photo, or the prompt when there is none: one of them is needed.
      if (plan.kind === 'paint' && plan.withoutImage && typeof inputs.image !== 'string' && !text(inputs.text)) return MSG.imgNeedTextOrImage;
      return null;
    },
    async run(task, tools) {
      const run: Run = { ctx, tool, task, tools, vendor: new VendorStates(task, tools), done: task.result?.files ?? [] };
      const files = plan.kind === 'product' ? await productBackground(run) : plan.kind === 'qrcode' ? await artQrCode(run, plan) : await paint(run, plan);
      return { files };
    },
  };
}

/** Every image tool's handler: the generic one, the reverse prompt (a vision model), the face tools (a licensed vendor). */
export function imageToolHandlers(ctx: ImageToolsContext): TaskHandler[] {
  return IMAGE_TOOLS.map((tool) => {
    if (FACE_TOOL_IDS.includes(tool.id)) return faceToolHandler(tool);
    const plan = IMAGE_PLANS[tool.id];
    if (!plan) throw new Error(`image tool ${tool.id} has no plan (server/src/tools/tasks/image-plans.ts)`);
    return plan.kind === 'reverse' ? reversePromptHandler(ctx, tool) : imageToolHandler(ctx, tool, plan);
  });
}
