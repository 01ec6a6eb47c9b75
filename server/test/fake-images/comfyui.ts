import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A fake ComfyUI for the adapter's tests (server/src/infra/images/comfyui.ts), speaking the HTTP
 * API of ComfyUI's server.py: POST /upload/image (multipart: image, overwrite) -> {name,
 * subfolder, type}; POST /prompt {prompt, client_id} -> {prompt_id, number, node_errors} or 400
 * {error, node_errors}; GET /history/{id} -> {} until done, then {id: {prompt, outputs, status}};
 * GET /view?filename&subfolder&type -> the picture.
 *
 * It checks a submitted graph the way ComfyUI's validation would for the nodes our workflows use:
 * every class_type is one it knows, every required input is there with the right kind of value,
 * every link points at an existing node's output of the type the input takes, LoadImage names an
 * uploaded file and a loader names a model file it has. The result pictures are real PNGs (sharp)
 * whose size and number follow the graph: the empty latent or the uploaded picture, through the
 * scale, pad, upscale and batch nodes.
 */

type Kind =
  | 'INT'
  | 'FLOAT'
  | 'STRING'
  | 'MODEL'
  | 'CLIP'
  | 'VAE'
  | 'CONDITIONING'
  | 'LATENT'
  | 'IMAGE'
  | 'MASK'
  | 'CONTROL_NET'
  | 'UPSCALE_MODEL'
  | 'POSE_KEYPOINT';
const WIDGETS: ReadonlySet<Kind> = new Set(['INT', 'FLOAT', 'STRING']);

/** The node classes the fake knows: input kinds and output kinds (ComfyUI core + the two custom node packs docs/comfyui.md names). */
const NODES: Record<string, { in: Record<string, Kind>; out: Kind[] }> = {
  CheckpointLoaderSimple: { in: { ckpt_name: 'STRING' }, out: ['MODEL', 'CLIP', 'VAE'] },
  CLIPTextEncode: { in: { text: 'STRING', clip: 'CLIP' }, out: ['CONDITIONING'] },
  KSampler: {
    in: {
      model: 'MODEL',
      seed: 'INT',
      steps: 'INT',
      cfg: 'FLOAT',
      sampler_name: 'STRING',
      scheduler: 'STRING',
      positive: 'CONDITIONING',
      negative: 'CONDITIONING',
      latent_image: 'LATENT',
      denoise: 'FLOAT',
    },
    out: ['LATENT'],
  },
  EmptyLatentImage: { in: { width: 'INT', height: 'INT', batch_size: 'INT' }, out: ['LATENT'] },
  VAEDecode: { in: { samples: 'LATENT', vae: 'VAE' }, out: ['IMAGE'] },
  VAEEncode: { in: { pixels: 'IMAGE', vae: 'VAE' }, out: ['LATENT'] },
  VAEEncodeForInpaint: { in: { pixels: 'IMAGE', vae: 'VAE', mask: 'MASK', grow_mask_by: 'INT' }, out: ['LATENT'] },
  LoadImage: { in: { image: 'STRING' }, out: ['IMAGE', 'MASK'] },
  LoadImageMask: { in: { image: 'STRING', channel: 'STRING' }, out: ['MASK'] },
  SaveImage: { in: { images: 'IMAGE', filename_prefix: 'STRING' }, out: [] },
  ControlNetLoader: { in: { control_net_name: 'STRING' }, out: ['CONTROL_NET'] },
  ControlNetApplyAdvanced: {
    in: {
      positive: 'CONDITIONING',
      negative: 'CONDITIONING',
      control_net: 'CONTROL_NET',
      image: 'IMAGE',
      strength: 'FLOAT',
      start_percent: 'FLOAT',
      end_percent: 'FLOAT',
    },
    out: ['CONDITIONING', 'CONDITIONING'],
  },
  ImagePadForOutpaint: {
    in: { image: 'IMAGE', left: 'INT', top: 'INT', right: 'INT', bottom: 'INT', feathering: 'INT' },
    out: ['IMAGE', 'MASK'],
  },
  ImageScale: { in: { image: 'IMAGE', upscale_method: 'STRING', width: 'INT', height: 'INT', crop: 'STRING' }, out: ['IMAGE'] },
  ImageScaleBy: { in: { image: 'IMAGE', upscale_method: 'STRING', scale_by: 'FLOAT' }, out: ['IMAGE'] },
  UpscaleModelLoader: { in: { model_name: 'STRING' }, out: ['UPSCALE_MODEL'] },
  ImageUpscaleWithModel: { in: { upscale_model: 'UPSCALE_MODEL', image: 'IMAGE' }, out: ['IMAGE'] },
  RepeatLatentBatch: { in: { samples: 'LATENT', amount: 'INT' }, out: ['LATENT'] },
  ImageInvert: { in: { image: 'IMAGE' }, out: ['IMAGE'] },
  OpenposePreprocessor: {
    in: { image: 'IMAGE', detect_hand: 'STRING', detect_body: 'STRING', detect_face: 'STRING', resolution: 'INT' },
    out: ['IMAGE', 'POSE_KEYPOINT'],
  },
  'MiDaS-DepthMapPreprocessor': { in: { image: 'IMAGE', a: 'FLOAT', bg_threshold: 'FLOAT', resolution: 'INT' }, out: ['IMAGE'] },
  InspyrenetRembg: { in: { image: 'IMAGE', torchscript_jit: 'STRING' }, out: ['IMAGE', 'MASK'] },
};
/** Inputs naming a model file (checked against `missingModels`). */
const MODEL_INPUTS = new Set(['ckpt_name', 'control_net_name', 'model_name']);
/** The fake's upscale model always multiplies by 4, like RealESRGAN_x4plus. */
const UPSCALE_FACTOR = 4;

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;
type Link = [string, number];
const isLink = (v: unknown): v is Link => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && Number.isInteger(v[1]);

interface NodeError {
  errors: { type: string; message: string; details: string; extra_info: Record<string, unknown> }[];
  dependent_outputs: string[];
  class_type: string;
}

export interface FakeComfyOptions {
  /** History polls answered `{}` (queued/running) before the entry shows up. Default 2. */
  pollsBeforeDone?: number;
  /** Model files the fake lacks: a loader naming one is a node error, as in ComfyUI. */
  missingModels?: string[];
  /** Every run breaks while executing (history status_str 'error'). */
  failRuns?: boolean;
  /** When set, every request must carry `Authorization: Bearer <apiKey>` (a proxy in front of ComfyUI). */
  apiKey?: string;
}

export interface FakeComfySubmit {
  promptId: string;
  clientId: unknown;
  graph: Graph;
}

export interface FakeComfy {
  url: string;
  /** Accepted submits, in order. */
  submits: FakeComfySubmit[];
  /** Uploaded files by name (bytes as received). */
  uploads: Map<string, Buffer>;
  /** GET /history/{id} requests seen. */
  historyPolls: number;
  /** GET /view requests seen. */
  views: number;
  /** Requests refused for a missing or wrong key. */
  unauthorized: number;
  close(): Promise<void>;
}

interface Size {
  w: number;
  h: number;
  n: number;
  alpha: boolean;
}

interface PromptState {
  graph: Graph;
  polls: number;
  outputs?: Record<string, { images: { filename: string; subfolder: string; type: string }[] }>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function nodeError(graph: Graph, id: string, type: string, message: string, details: string): NodeError {
  return { errors: [{ type, message, details, extra_info: {} }], dependent_outputs: [], class_type: graph[id]?.class_type ?? '' };
}

export async function startFakeComfy(opts: FakeComfyOptions = {}): Promise<FakeComfy> {
  const pollsBeforeDone = opts.pollsBeforeDone ?? 2;
  const missing = new Set(opts.missingModels ?? []);
  const uploads = new Map<string, Buffer>();
  const uploadSizes = new Map<string, { w: number; h: number }>();
  const prompts = new Map<string, PromptState>();
  const files = new Map<string, Buffer>();
  let fileCounter = 0;
  let number = 0;

  /** ComfyUI's validate_prompt, for the nodes the fake knows: [top error or null, node errors]. */
  function validate(graph: Graph): [{ type: string; message: string; details: string } | null, Record<string, NodeError>] {
    if (!graph || typeof graph !== 'object' || Array.isArray(graph))
      return [{ type: 'invalid_prompt', message: 'Prompt is not an object', details: '' }, {}];
    const errors: Record<string, NodeError> = {};
    for (const [id, node] of Object.entries(graph)) {
      const spec = NODES[node?.class_type];
      if (!spec)
        return [
          {
            type: 'invalid_prompt',
            message: `Cannot execute because node ${String(node?.class_type)} does not exist.`,
            details: `Node ID '#${id}'`,
          },
          {},
        ];
      for (const [input, kind] of Object.entries(spec.in)) {
        const v = node.inputs?.[input];
        const fail = (type: string, message: string, details: string) =>
          (errors[id] ??= { ...nodeError(graph, id, type, message, details), errors: [] }).errors.push({
            type,
            message,
            details,
            extra_info: {},
          });
        if (v === undefined) {
          fail('required_input_missing', 'Required input is missing', input);
        } else if (WIDGETS.has(kind)) {
          const ok = kind === 'STRING' ? typeof v === 'string' : kind === 'INT' ? Number.isInteger(v) : typeof v === 'number';
          if (!ok) fail('invalid_input_type', `Failed to convert an input value to a ${kind} value`, `${input}, ${JSON.stringify(v)}`);
          else if (MODEL_INPUTS.has(input) && missing.has(v as string))
            fail('value_not_in_list', 'Value not in list', `${input}: '${String(v)}' not in []`);
          else if (
            (node.class_type === 'LoadImage' || node.class_type === 'LoadImageMask') &&
            input === 'image' &&
            !uploads.has(v as string)
          ) {
            fail('custom_validation_failed', 'Custom validation failed for node', `image - Invalid image file: ${String(v)}`);
          }
        } else if (!isLink(v) || !graph[v[0]]) {
          fail('bad_linked_input', 'Bad linked input, must be a length-2 list of [node_id, slot_index]', `${input}, ${JSON.stringify(v)}`);
        } else {
          const from = NODES[graph[v[0]]!.class_type];
          const got = from?.out[v[1]];
          if (got !== kind)
            fail(
              'return_type_mismatch',
              'Return type mismatch between linked nodes',
              `${input}, received_type(${String(got)}) mismatch input_type(${kind})`,
            );
        }
      }
    }
    if (!Object.values(graph).some((n) => n.class_type === 'SaveImage'))
      return [{ type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '' }, {}];
    return [null, errors];
  }

  /** Size, batch and alpha of what a node output carries (the graph is valid here). */
  function sizeOf(graph: Graph, link: Link): Size {
    const node = graph[link[0]]!;
    const i = node.inputs;
    const from = (name: string) => sizeOf(graph, i[name] as Link);
    switch (node.class_type) {
      case 'EmptyLatentImage':
        return { w: i.width as number, h: i.height as number, n: i.batch_size as number, alpha: false };
      case 'LoadImage':
      case 'LoadImageMask': {
        const s = uploadSizes.get(i.image as string)!;
        return { w: s.w, h: s.h, n: 1, alpha: false };
      }
      case 'ImageScale':
        return { ...from('image'), w: i.width as number, h: i.height as number };
      case 'ImageScaleBy': {
        const s = from('image');
        return { ...s, w: Math.round(s.w * (i.scale_by as number)), h: Math.round(s.h * (i.scale_by as number)) };
      }
      case 'ImageUpscaleWithModel': {
        const s = from('image');
        return { ...s, w: s.w * UPSCALE_FACTOR, h: s.h * UPSCALE_FACTOR };
      }
      case 'ImagePadForOutpaint': {
        const s = from('image');
        return { ...s, w: s.w + (i.left as number) + (i.right as number), h: s.h + (i.top as number) + (i.bottom as number) };
      }
      case 'RepeatLatentBatch': {
        const s = from('samples');
        return { ...s, n: s.n * (i.amount as number) };
      }
      case 'VAEEncode':
      case 'VAEEncodeForInpaint':
        return from('pixels');
      case 'KSampler':
        return { ...from('latent_image'), alpha: false };
      case 'VAEDecode':
        return from('samples');
      case 'InspyrenetRembg':
        return { ...from('image'), alpha: true };
      default:
        return from('image');
    }
  }

  /** Run a prompt: each SaveImage writes its batch of PNGs. */
  async function execute(state: PromptState): Promise<void> {
    const outputs: NonNullable<PromptState['outputs']> = {};
    for (const [id, node] of Object.entries(state.graph)) {
      if (node.class_type !== 'SaveImage') continue;
      const s = sizeOf(state.graph, node.inputs.images as Link);
      const prefix = String(node.inputs.filename_prefix);
      const subfolder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const base = prefix.slice(prefix.lastIndexOf('/') + 1);
      const images = [];
      for (let k = 0; k < s.n; k++) {
        const filename = `${base}_${String(++fileCounter).padStart(5, '0')}_.png`;
        const png = await sharp({
          create: {
            width: s.w,
            height: s.h,
            channels: s.alpha ? 4 : 3,
            background: s.alpha ? { r: 200, g: 80, b: 40, alpha: 0.5 } : { r: 40 + k * 30, g: 120, b: 200 },
          },
        })
          .png()
          .toBuffer();
        files.set(`${subfolder}/${filename}`, png);
        images.push({ filename, subfolder, type: 'output' });
      }
      outputs[id] = { images };
    }
    state.outputs = outputs;
  }

  const fake: FakeComfy = {
    url: '',
    submits: [],
    uploads,
    historyPolls: 0,
    views: 0,
    unauthorized: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      fake.unauthorized++;
      return send(res, 401, { error: 'unauthorized' });
    }
    if (req.method === 'POST' && url.pathname === '/upload/image') {
      const form = await new Response(new Uint8Array(await readBody(req)), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const image = form.get('image');
      if (!(image instanceof Blob) || !('name' in image) || !image.name) return send(res, 400, { error: 'no image' });
      const bytes = Buffer.from(await image.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      const name = image.name as string;
      uploads.set(name, bytes);
      uploadSizes.set(name, { w: meta.width!, h: meta.height! });
      return send(res, 200, { name, subfolder: '', type: 'input' });
    }
    if (req.method === 'POST' && url.pathname === '/prompt') {
      let body: { prompt?: Graph; client_id?: unknown };
      try {
        body = JSON.parse((await readBody(req)).toString('utf8')) as typeof body;
      } catch {
        return send(res, 400, { error: 'bad json' });
      }
      if (!body.prompt)
        return send(res, 400, {
          error: { type: 'no_prompt', message: 'No prompt provided', details: '', extra_info: {} },
          node_errors: {},
        });
      const [top, nodeErrors] = validate(body.prompt);
      if (top) return send(res, 400, { error: { ...top, extra_info: {} }, node_errors: nodeErrors });
      if (Object.keys(nodeErrors).length) {
        return send(res, 400, {
          error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: '', extra_info: {} },
          node_errors: nodeErrors,
        });
      }
      const promptId = randomUUID();
      prompts.set(promptId, { graph: body.prompt, polls: 0 });
      fake.submits.push({ promptId, clientId: body.client_id, graph: body.prompt });
      return send(res, 200, { prompt_id: promptId, number: number++, node_errors: {} });
    }
    const hist = /^\/history\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && hist) {
      fake.historyPolls++;
      const id = decodeURIComponent(hist[1] ?? '');
      const state = prompts.get(id);
      if (!state || ++state.polls <= pollsBeforeDone) return send(res, 200, {});
      if (opts.failRuns) {
        const messages = [
          ['execution_start', { prompt_id: id, timestamp: Date.now() }],
          [
            'execution_error',
            {
              prompt_id: id,
              node_id: '5',
              node_type: 'KSampler',
              exception_message: 'CUDA out of memory. Tried to allocate 2.00 GiB\n',
              exception_type: 'torch.OutOfMemoryError',
            },
          ],
        ];
        return send(res, 200, {
          [id]: { prompt: [0, id, state.graph, {}, []], outputs: {}, status: { status_str: 'error', completed: false, messages } },
        });
      }
      if (!state.outputs) await execute(state);
      const messages = [
        ['execution_start', { prompt_id: id }],
        ['execution_success', { prompt_id: id }],
      ];
      return send(res, 200, {
        [id]: {
          prompt: [0, id, state.graph, {}, []],
          outputs: state.outputs,
          status: { status_str: 'success', completed: true, messages },
        },
      });
    }
    if (req.method === 'GET' && url.pathname === '/view') {
      fake.views++;
      const file = files.get(`${url.searchParams.get('subfolder') ?? ''}/${url.searchParams.get('filename') ?? ''}`);
      if (!file || (url.searchParams.get('type') ?? 'output') !== 'output') return send(res, 404, {});
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(file.length) });
      return void res.end(file);
    }
    send(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { error: String(err) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
