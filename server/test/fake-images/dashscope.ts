import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { bearer, marker, type FakeFiles, type FakeReply, type FakeRequest, type FakeRoutes, type Recorded } from './shared';

/**
 * DashScope's native async API (on the origin, beside chat's /compatible-mode/v1):
 *   POST /api/v1/services/aigc/text2image/image-synthesis   {model, input:{prompt, negative_prompt}, parameters:{size 'W*H', n, seed}}
 *   POST /api/v1/services/aigc/image2image/image-synthesis  wanx2.1-imageedit {input:{function, prompt, base_image_url, mask_image_url}, parameters}
 *                                                           wanx-sketch-to-image-lite {input:{sketch_image_url, prompt}, parameters:{size '768*768', n, sketch_weight 0-10, style}}
 *   GET  /api/v1/tasks/{id}                                  task_status PENDING/RUNNING/SUCCEEDED/FAILED/CANCELED, UNKNOWN for an id it never made
 * Submits need `X-DashScope-Async: enable`. The prompt scripts the task: [fake:pending=N] (N polls
 * PENDING), [fake:unknown] (a status nobody documented, then done), [fake:forever] (RUNNING for
 * ever), [fake:fail], [fake:content] (FAILED DataInspectionFailed), [fake:flaky] (the first poll
 * answers 500), [fake:submit-content] (the submit itself refused).
 */

interface Task {
  id: string;
  prompt: string;
  n: number;
  width: number;
  height: number;
  polls: number;
  results?: { url: string }[];
}

export interface FakeDashScope {
  /** Tasks submitted (a resumed job must not add one). */
  submits: number;
  /** Polls answered, by task id. */
  polls: Map<string, number>;
}

const FUNCTIONS = [
  'description_edit',
  'description_edit_with_mask',
  'expand',
  'super_resolution',
  'colorization',
  'stylization_all',
  'stylization_local',
  'remove_watermark',
  'doodle',
  'control_cartoon_feature',
];

const invalid = (message: string): FakeReply => ({ status: 400, json: { request_id: randomUUID(), code: 'InvalidParameter', message } });

async function dataImage(url: unknown): Promise<{ width: number; height: number } | null> {
  const m = /^data:image\/(png|jpeg|jpg|webp|bmp);base64,(.+)$/.exec(typeof url === 'string' ? url : '');
  if (!m) return null;
  const meta = await sharp(Buffer.from(m[2]!, 'base64')).metadata();
  return { width: meta.width!, height: meta.height! };
}

export function dashScopeRoutes(files: FakeFiles, requests: Recorded[]): { routes: FakeRoutes; state: FakeDashScope } {
  const tasks = new Map<string, Task>();
  const state: FakeDashScope = { submits: 0, polls: new Map() };

  async function text2image(body: Record<string, unknown>): Promise<FakeReply | Omit<Task, 'id' | 'polls'>> {
    const input = (body.input ?? {}) as Record<string, unknown>;
    const params = (body.parameters ?? {}) as Record<string, unknown>;
    if (typeof input.prompt !== 'string' || !input.prompt) return invalid('input.prompt is required');
    const size = /^(\d+)\*(\d+)$/.exec(String(params.size ?? '1024*1024'));
    if (!size) return invalid('parameters.size must be W*H');
    const [w, h] = [Number(size[1]), Number(size[2])];
    if ([w, h].some((s) => s < 512 || s > 1440)) return invalid(`size ${w}*${h} is out of [512, 1440]`);
    const n = Number(params.n ?? 4);
    if (!Number.isInteger(n) || n < 1 || n > 4) return invalid('parameters.n must be 1-4');
    return { prompt: input.prompt, n, width: w, height: h };
  }

  async function imageEdit(body: Record<string, unknown>): Promise<FakeReply | Omit<Task, 'id' | 'polls'>> {
    const input = (body.input ?? {}) as Record<string, unknown>;
    const params = (body.parameters ?? {}) as Record<string, unknown>;
    if (!FUNCTIONS.includes(String(input.function))) return invalid(`input.function ${String(input.function)} is not supported`);
    if (typeof input.prompt !== 'string' || !input.prompt) return invalid('input.prompt is required');
    const base = await dataImage(input.base_image_url);
    if (!base) return invalid('base_image_url must be a URL or data:{mime};base64,{data}');
    if (input.function === 'description_edit_with_mask') {
      const mask = await dataImage(input.mask_image_url);
      if (!mask) return invalid('mask_image_url is required for description_edit_with_mask');
      if (mask.width !== base.width || mask.height !== base.height)
        return invalid('mask_image_url must have the resolution of base_image_url');
    }
    let [w, h] = [base.width, base.height];
    if (input.function === 'expand') {
      const scales = ['top_scale', 'bottom_scale', 'left_scale', 'right_scale'].map((k) => Number(params[k] ?? 1));
      if (scales.some((s) => !(s >= 1 && s <= 2))) return invalid('expand scales must be within [1.0, 2.0]');
      h = Math.round(h * (scales[0]! + scales[1]! - 1));
      w = Math.round(w * (scales[2]! + scales[3]! - 1));
    }
    if (input.function === 'super_resolution') {
      const f = Number(params.upscale_factor ?? 1);
      if (!Number.isInteger(f) || f < 1 || f > 4) return invalid('upscale_factor must be 1-4');
      [w, h] = [w * f, h * f];
    }
    const n = Number(params.n ?? 1);
    if (!Number.isInteger(n) || n < 1 || n > 4) return invalid('parameters.n must be 1-4');
    return { prompt: input.prompt, n, width: w, height: h };
  }

  const SKETCH_STYLES = ['<auto>', '<3d cartoon>', '<anime>', '<oil painting>', '<watercolor>', '<sketch>', '<chinese painting>', '<flat illustration>'];

  async function sketch(body: Record<string, unknown>): Promise<FakeReply | Omit<Task, 'id' | 'polls'>> {
    const input = (body.input ?? {}) as Record<string, unknown>;
    const params = (body.parameters ?? {}) as Record<string, unknown>;
    if (typeof input.prompt !== 'string' || !input.prompt) return invalid('input.prompt is required');
    if (!(await dataImage(input.sketch_image_url))) return invalid('input.sketch_image_url must be a URL or data:{mime};base64,{data}');
    if ((params.size ?? '768*768') !== '768*768') return invalid('parameters.size only supports 768*768');
    const weight = Number(params.sketch_weight ?? 10);
    if (!Number.isInteger(weight) || weight < 0 || weight > 10) return invalid('parameters.sketch_weight must be an integer in [0, 10]');
    if (!SKETCH_STYLES.includes(String(params.style ?? '<auto>'))) return invalid(`parameters.style ${String(params.style)} is not supported`);
    const n = Number(params.n ?? 4);
    if (!Number.isInteger(n) || n < 1 || n > 4) return invalid('parameters.n must be 1-4');
    return { prompt: input.prompt, n, width: 768, height: 768 };
  }

  async function submit(req: FakeRequest, kind: 'text2image' | 'image2image'): Promise<FakeReply> {
    if (req.headers['x-dashscope-async'] !== 'enable') {
      return {
        status: 403,
        json: { request_id: randomUUID(), code: 'AccessDenied', message: 'current user api does not support synchronous calls' },
      };
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return invalid('body is not JSON');
    }
    requests.push({ vendor: 'dashscope', path: req.path, body });
    const prompt = ((body.input ?? {}) as Record<string, unknown>).prompt;
    if (marker(prompt, 'submit-content') !== null) {
      return {
        status: 400,
        json: { request_id: randomUUID(), code: 'DataInspectionFailed', message: 'Input data may contain inappropriate content.' },
      };
    }
    const made =
      kind === 'text2image' ? await text2image(body) : body.model === 'wanx-sketch-to-image-lite' ? await sketch(body) : await imageEdit(body);
    if ('status' in made) return made;
    const id = randomUUID();
    tasks.set(id, { ...made, id, polls: 0 });
    state.submits++;
    return { status: 200, json: { request_id: randomUUID(), output: { task_id: id, task_status: 'PENDING' } } };
  }

  async function look(id: string): Promise<FakeReply> {
    const task = tasks.get(id);
    const reply = (output: Record<string, unknown>): FakeReply => ({
      status: 200,
      json: { request_id: randomUUID(), output: { task_id: id, ...output } },
    });
    if (!task) return reply({ task_status: 'UNKNOWN' });
    task.polls++;
    state.polls.set(id, task.polls);
    const p = task.prompt;
    if (marker(p, 'flaky') !== null && task.polls === 1)
      return { status: 500, json: { request_id: randomUUID(), code: 'InternalError', message: 'try again' } };
    if (marker(p, 'forever') !== null) return reply({ task_status: 'RUNNING' });
    const pending = marker(p, 'pending');
    if (pending !== null && task.polls <= Number(pending)) return reply({ task_status: 'PENDING' });
    if (marker(p, 'unknown') !== null && task.polls === 1) return reply({ task_status: 'SUSPENDED' });
    if (marker(p, 'content') !== null)
      return reply({ task_status: 'FAILED', code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' });
    if (marker(p, 'fail') !== null) return reply({ task_status: 'FAILED', code: 'InternalError.Algo', message: 'algorithm failed' });
    if (pending === null && marker(p, 'unknown') === null && task.polls === 1) return reply({ task_status: 'RUNNING' });
    if (!task.results) {
      task.results = [];
      for (let i = 0; i < task.n; i++) task.results.push({ url: (await files.picture(task.width, task.height)).url });
    }
    return reply({ task_status: 'SUCCEEDED', results: task.results, task_metrics: { TOTAL: task.n, SUCCEEDED: task.n, FAILED: 0 } });
  }

  const routes: FakeRoutes = async (req) => {
    if (!req.path.startsWith('/api/v1/')) return { status: 404, text: 'not found' };
    if (bearer(req) === 'bad-key')
      return { status: 401, json: { request_id: randomUUID(), code: 'InvalidApiKey', message: 'Invalid API-key provided.' } };
    if (req.method === 'POST' && req.path === '/api/v1/services/aigc/text2image/image-synthesis') return submit(req, 'text2image');
    if (req.method === 'POST' && req.path === '/api/v1/services/aigc/image2image/image-synthesis') return submit(req, 'image2image');
    const m = /^\/api\/v1\/tasks\/([^/?]+)$/.exec(req.path);
    if (req.method === 'GET' && m) return look(decodeURIComponent(m[1]!));
    return { status: 404, json: { code: 'NotFound', message: `no route ${req.method} ${req.path}` } };
  };
  return { routes, state };
}
