import { z } from 'zod';
import { MSG } from '../messages';

/**
 * The public half of the tool registry (docs/product/creation.md): one ToolSpec per tool or built
 * page. Everything a tool's routes, titles, sidebar and search entries, form and quota key need
 * is read from here; the server half (prompt template, model role, vendor capability, demo answer)
 * lives beside the engines in server/src/tools/. Adding a tool is adding one entry.
 */

/** prompt: a form -> a streamed markdown answer; task: a form + uploads -> a queued job -> files; page: a bespoke page. */
export const TOOL_KINDS = ['prompt', 'task', 'page'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** What a run of the tool produces (the result viewer the generic pages pick). */
export const TOOL_OUTPUTS = ['markdown', 'image', 'audio', 'video', 'file', 'page'] as const;
export type ToolOutput = (typeof TOOL_OUTPUTS)[number];

/** Areas of the product a tool belongs to (sidebar groups, /function pages, /stage scenarios). */
export const TOOL_GROUPS = [
  'chat',
  'search',
  'agents',
  'generate',
  'writing',
  'thesis',
  'aigc',
  'translate',
  'doc',
  'ppt',
  'mindmap',
  'draw',
  'photo',
  'design',
  'chart',
  'video',
  'music',
  'voice',
  'models',
  'account',
  'info',
] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

/** Scenarios of /stage (AI场景): a tool may sit in several. */
export const TOOL_SCENARIOS = ['office', 'study', 'life', 'create', 'image', 'media'] as const;
export type ToolScenario = (typeof TOOL_SCENARIOS)[number];

/**
 * Form field types the generic pages render. Image tools add: `mask` (painted in the browser over
 * the picture of the image field named in `of`; uploaded as a black-and-white PNG, white = repaint),
 * `style` (our style presets as picture cards; `options`), `size` (aspect ratio choices such as
 * '1:1' or '16:9'; `options`), `consent` (a line the user must tick before a licensed-vendor run).
 * Voice tools add `voice` (a voice id picked from GET /api/v1/voice/voices: the server's presets
 * and the user's own cloned voices, so it has no fixed `options`).
 */
export const FIELD_TYPES = ['text', 'textarea', 'select', 'radio', 'number', 'switch', 'date', 'file', 'image', 'mask', 'style', 'size', 'consent', 'voice'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface ToolFieldOption {
  value: string;
  label: string;
}

/** One input of a tool's form, as data. */
export interface ToolField {
  /** Key in `inputs`; every prompt tool has a main free-text field named `text`. */
  name: string;
  type: FieldType;
  label: string;
  required?: boolean;
  placeholder?: string;
  /** select / radio choices. */
  options?: readonly ToolFieldOption[];
  /** text / textarea: most characters; number: largest value. */
  max?: number;
  /** number: smallest value. */
  min?: number;
  /** Value when the user gives none (select/radio: an option's value). */
  default?: string | number | boolean;
  /** file / image: accepted extensions without the dot (e.g. ['pdf', 'docx']). */
  accept?: readonly string[];
  /** file / image: largest size in bytes. */
  maxBytes?: number;
  /** A short hint under the field. */
  help?: string;
  /** mask: the image field whose picture the mask is painted over. */
  of?: string;
  /** file: the user may also record it in the browser (seconds of the recording; uploaded as .webm). */
  record?: { minSeconds: number; maxSeconds: number };
}

/** One ready-made input the user can click to fill the form. */
export interface ToolExample {
  label: string;
  inputs: Readonly<Record<string, string | number | boolean>>;
}

export interface ToolSpec {
  /** Stable id, unique; used in /api/v1/tools/{id}/run and in quota refs. */
  id: string;
  /** Route paths of the route table this tool (or page) serves; the first is its home. */
  paths: readonly string[];
  title: string;
  /** One sentence under the title. */
  description: string;
  group: ToolGroup;
  /** An emoji shown as the tool's icon (no icon font to load). */
  icon: string;
  kind: ToolKind;
  output: ToolOutput;
  /** The form (empty for pages). */
  fields: readonly ToolField[];
  examples?: readonly ToolExample[];
  /** Daily-count key of catalog tiers ('' = not metered: pages, free tools). */
  quotaKey: string;
  /**
   * Points one run costs when paid with points (0 = counts only). A task tool with a quota key
   * and a price lets the user switch to points (开启积分抵扣, `usePoints` in the run); one with no
   * quota key and a price is paid with points only.
   */
  points: number;
  /** Prompt tools: the user may pick the chat model that answers. */
  modelSwitch?: boolean;
  /** Login needed to open the page (runs always need one). */
  loginRequired?: boolean;
  scenarios?: readonly ToolScenario[];
  /** Extra words the global search matches besides the title. */
  keywords?: readonly string[];
}

/** What GET /api/v1/tools lists per entry (the public half, as served). */
export type ToolListItem = ToolSpec & { path: string };

/** POST /api/v1/tools/{id}/run: the form's values (validated against the tool's fields on the server). */
export const ToolRunSchema = z.object({
  inputs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** Prompt tools with modelSwitch: a catalog model key. */
  model: z.string().max(64).optional(),
  /** Task tools with a points price: pay this run with points instead of a count (开启积分抵扣). */
  usePoints: z.boolean({ error: MSG.badField('usePoints') }).optional(),
});
export type ToolRunReq = z.infer<typeof ToolRunSchema>;
