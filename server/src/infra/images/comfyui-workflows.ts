import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CATALOG_DIR } from '../../catalog';
import { IMAGE_OPS, type ImageOp } from './types';

/**
 * ComfyUI workflows as operator data (docs/comfyui.md): server/catalog/comfyui/ holds one
 * API-format workflow per operation (node id -> {class_type, inputs}, as ComfyUI's "Save (API
 * Format)" writes it) and node-map.json, which says for each operation which node input takes
 * each of our job's values (a "slot") and which node's pictures are the result. An operator swaps
 * a workflow by replacing its file and its node-map entry; nothing in the code names a node id.
 *
 * Everything is checked when the adapter is built (at boot when COMFYUI_BASE_URL is set): a map
 * naming a node or input the workflow lacks, a slot aimed at a link, a missing required slot or a
 * link to a missing node stops the boot with the file name, instead of failing a user's task later.
 */

export const DEFAULT_COMFY_DIR = join(DEFAULT_CATALOG_DIR, 'comfyui');

/** The operator's comfyui/ folder inside CATALOG_DIR when there is one, else the shipped workflows. */
export function comfyDirFor(catalogDir: string | undefined): string {
  const own = catalogDir ? join(catalogDir, 'comfyui') : undefined;
  return own && existsSync(own) ? own : DEFAULT_COMFY_DIR;
}
export const NODE_MAP_FILE = 'node-map.json';

/** Our job's values a workflow can take. */
export const COMFY_SLOTS = [
  'prompt',
  'negative',
  'seed',
  'width',
  'height',
  /** Pictures per run (EmptyLatentImage batch_size, RepeatLatentBatch amount). */
  'count',
  /** Uploaded file names (LoadImage / LoadImageMask `image`). */
  'image',
  'mask',
  'qrImage',
  /** job.strength (0-1: how far the result may depart from the reference), e.g. KSampler denoise. */
  'strength',
  /** job.strength again, for a ControlNet's strength (usually a falling range: departing = weaker control). */
  'control',
  /** job.scale (2 or 4). */
  'scale',
  'expandTop',
  'expandRight',
  'expandBottom',
  'expandLeft',
] as const;
export type ComfySlot = (typeof COMFY_SLOTS)[number];

/** Slots filled with text (prompts, uploaded file names); the others are numbers. */
const TEXT_SLOTS: ReadonlySet<ComfySlot> = new Set(['prompt', 'negative', 'image', 'mask', 'qrImage']);
/** Slots holding 0-1 that a `range` maps onto the input's scale. */
const UNIT_SLOTS: ReadonlySet<ComfySlot> = new Set(['strength', 'control']);

/** Slots an operation cannot run without (the adapter has nowhere to put the job's input otherwise). */
const REQUIRED: Record<ImageOp, ComfySlot[]> = {
  generate: ['prompt'],
  img2img: ['prompt', 'image'],
  edit: ['prompt', 'image'],
  lineart: ['prompt', 'image'],
  pose: ['prompt', 'image'],
  depth: ['prompt', 'image'],
  inpaint: ['image', 'mask'],
  expand: ['image', 'expandTop', 'expandRight', 'expandBottom', 'expandLeft'],
  upscale: ['image', 'scale'],
  colorize: ['image'],
  matting: ['image'],
  qrcode: ['prompt', 'qrImage'],
};

const TargetSchema = z
  .object({
    node: z.string().min(1),
    input: z.string().min(1),
    /** For 0-1 slots: the input's value at 0 and at 1 (linear in between). */
    range: z.tuple([z.number(), z.number()]).optional(),
    /** The input's value for each slot value (e.g. scale {"2": 0.5, "4": 1}). */
    values: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  })
  .strict();
export type ComfyTarget = z.infer<typeof TargetSchema>;

const OpMapSchema = z
  .object({
    /** The workflow file beside node-map.json. */
    workflow: z.string().regex(/^[\w.-]+\.json$/, '须为同目录下的 .json 文件名'),
    /** The node whose pictures are the result (a SaveImage). */
    output: z.string().min(1),
    slots: z.partialRecord(z.enum(COMFY_SLOTS), z.union([TargetSchema, z.array(TargetSchema).min(1).max(8)])),
  })
  .strict();
const NodeMapSchema = z.partialRecord(z.enum(IMAGE_OPS), OpMapSchema);

/** A link in API format: [source node id, output index]. */
type Link = [string, number];
const isLink = (v: unknown): v is Link => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && Number.isInteger(v[1]);

// Loose: ComfyUI writes a `_meta` title beside each node, which is kept as is.
const NodeSchema = z.looseObject({ class_type: z.string().min(1), inputs: z.record(z.string(), z.unknown()) });
const GraphSchema = z.record(z.string(), NodeSchema).refine((g) => Object.keys(g).length > 0, '工作流为空');
export type ComfyGraph = z.infer<typeof GraphSchema>;

export interface ComfyWorkflow {
  op: ImageOp;
  /** File name, for messages. */
  file: string;
  graph: ComfyGraph;
  output: string;
  slots: Partial<Record<ComfySlot, ComfyTarget[]>>;
}

export class ComfyWorkflowError extends Error {
  override name = 'ComfyWorkflowError';
}

function readJson(path: string, label: string): unknown {
  if (!existsSync(path)) throw new ComfyWorkflowError(`${label}: 文件不存在 (${path})`);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (err) {
    throw new ComfyWorkflowError(`${label}: 不是合法的 JSON: ${(err as Error).message}`);
  }
}

const issues = (e: z.ZodError) => e.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');

/** Read and check one workflow against its node-map entry. */
function loadOne(dir: string, op: ImageOp, entry: z.infer<typeof OpMapSchema>): ComfyWorkflow {
  const file = entry.workflow;
  const parsed = GraphSchema.safeParse(readJson(join(dir, file), file));
  if (!parsed.success) throw new ComfyWorkflowError(`${file}: 不是 ComfyUI API 格式的工作流: ${issues(parsed.error)}`);
  const graph = parsed.data;
  for (const [id, node] of Object.entries(graph)) {
    for (const [input, value] of Object.entries(node.inputs)) {
      if (isLink(value) && !graph[value[0]])
        throw new ComfyWorkflowError(`${file}: 节点 ${id} 的输入 ${input} 连到了不存在的节点 ${value[0]}`);
    }
  }
  const where = `${NODE_MAP_FILE} 的 ${op}（${file}）`;
  if (!graph[entry.output]) throw new ComfyWorkflowError(`${where}: 输出节点 ${entry.output} 不在工作流里`);
  const slots: Partial<Record<ComfySlot, ComfyTarget[]>> = {};
  for (const [slot, raw] of Object.entries(entry.slots) as [ComfySlot, ComfyTarget | ComfyTarget[]][]) {
    const targets = Array.isArray(raw) ? raw : [raw];
    for (const t of targets) {
      const node = graph[t.node];
      if (!node) throw new ComfyWorkflowError(`${where}: ${slot} 指向的节点 ${t.node} 不在工作流里`);
      if (!(t.input in node.inputs))
        throw new ComfyWorkflowError(`${where}: 节点 ${t.node}（${node.class_type}）没有输入 ${t.input}（${slot}）`);
      const current = node.inputs[t.input];
      if (isLink(current)) throw new ComfyWorkflowError(`${where}: ${slot} 指向的 ${t.node}.${t.input} 是连线，不能填值`);
      const want = TEXT_SLOTS.has(slot) ? 'string' : 'number';
      if (t.values === undefined && typeof current !== want) {
        throw new ComfyWorkflowError(
          `${where}: ${slot} 填的是${want === 'string' ? '文字' : '数字'}，但 ${t.node}.${t.input} 现有的值是 ${JSON.stringify(current)}`,
        );
      }
      if (t.range && !UNIT_SLOTS.has(slot)) throw new ComfyWorkflowError(`${where}: 只有 strength/control 可以写 range（${slot}）`);
      if (slot === 'scale' && t.values && !('2' in t.values && '4' in t.values))
        throw new ComfyWorkflowError(`${where}: scale 的 values 须给出 "2" 和 "4"`);
    }
    slots[slot] = targets;
  }
  const missing = REQUIRED[op].filter((s) => !slots[s]);
  if (missing.length) throw new ComfyWorkflowError(`${where}: 缺少必需的 ${missing.join(', ')}`);
  return { op, file, graph, output: entry.output, slots };
}

/** Every operation of `dir`'s node-map.json, with its workflow checked. Throws ComfyWorkflowError naming the file. */
export function loadComfyWorkflows(dir: string = DEFAULT_COMFY_DIR): Map<ImageOp, ComfyWorkflow> {
  const parsed = NodeMapSchema.safeParse(readJson(join(dir, NODE_MAP_FILE), NODE_MAP_FILE));
  if (!parsed.success) throw new ComfyWorkflowError(`${NODE_MAP_FILE}: ${issues(parsed.error)}`);
  const out = new Map<ImageOp, ComfyWorkflow>();
  for (const op of IMAGE_OPS) {
    const entry = parsed.data[op];
    if (entry) out.set(op, loadOne(dir, op, entry));
  }
  return out;
}

/** What a run puts into the slots (absent = the template's own value stays). */
export type ComfySlotValues = Partial<Record<ComfySlot, string | number>>;

/** The value an input gets for a slot value, through the target's range or values table. */
function targetValue(t: ComfyTarget, slot: ComfySlot, v: string | number): string | number {
  if (t.values) {
    const mapped = t.values[String(v)];
    if (mapped === undefined) throw new ComfyWorkflowError(`${NODE_MAP_FILE}: ${slot} 的 values 没有 ${String(v)}`);
    return mapped;
  }
  if (t.range && typeof v === 'number') {
    const [a, b] = t.range;
    return Math.round((a + (b - a) * Math.min(1, Math.max(0, v))) * 1000) / 1000;
  }
  return v;
}

/** A copy of the workflow's graph with the values put in (the loaded template is never changed). */
export function fillWorkflow(wf: ComfyWorkflow, values: ComfySlotValues): ComfyGraph {
  const graph = structuredClone(wf.graph);
  for (const [slot, v] of Object.entries(values) as [ComfySlot, string | number | undefined][]) {
    if (v === undefined) continue;
    // Every target node was checked to exist when the workflow was loaded.
    for (const t of wf.slots[slot] ?? []) graph[t.node]!.inputs[t.input] = targetValue(t, slot, v);
  }
  return graph;
}
