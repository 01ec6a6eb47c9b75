import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeComfy, type FakeComfy, type FakeComfyOptions } from '../../../test/fake-images/comfyui';
import { createComfyAdapter } from './comfyui';
import { ComfyWorkflowError, DEFAULT_COMFY_DIR, fillWorkflow, loadComfyWorkflows } from './comfyui-workflows';
import { IMAGE_OPS, ImageError, type ImageInput, type ImageJob, type ImageOp, type ImageRunContext } from './types';
import { IMAGE_VENDORS } from './vendors';

const FAST = { first: 5, max: 20 };

async function picture(width: number, height: number, colour = '#808080'): Promise<ImageInput> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { bytes, mime: 'image/png', width, height };
}

interface RecordedCtx extends ImageRunContext {
  kept: Record<string, unknown>[];
  stages: [number, string | undefined][];
}

function runCtx(over: Partial<ImageRunContext> = {}): RecordedCtx {
  const kept: Record<string, unknown>[] = [];
  const stages: [number, string | undefined][] = [];
  return {
    signal: new AbortController().signal,
    progress: async (pct, stage) => void stages.push([pct, stage]),
    keepVendorState: async (s) => void kept.push(s),
    kept,
    stages,
    ...over,
  };
}

const fakes: FakeComfy[] = [];
async function fake(opts: FakeComfyOptions = {}): Promise<FakeComfy> {
  const f = await startFakeComfy(opts);
  fakes.push(f);
  return f;
}
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

/** The loaded shipped workflow of an operation, and a node of a graph (both checked to exist). */
const shipped = (op: ImageOp) => loadComfyWorkflows().get(op)!;
type Graph = ReturnType<typeof fillWorkflow>;
const nodeOf = (graph: Graph, id: string) => graph[id]!;

const adapterFor = (f: FakeComfy, apiKey?: string, timeoutMs = 20_000) =>
  createComfyAdapter({ baseUrl: f.url, apiKey, timeoutMs }, { pollMs: FAST });

describe('shipped ComfyUI workflows', () => {
  it('load, and cover every image operation', () => {
    const wfs = loadComfyWorkflows();
    expect([...wfs.keys()].sort()).toEqual([...IMAGE_OPS].sort());
    // Every workflow writes its pictures through one SaveImage node, the one the map names.
    for (const wf of wfs.values()) expect(nodeOf(wf.graph, wf.output).class_type).toBe('SaveImage');
  });

  it('fill a copy through ranges and value tables, leaving the template as it was', () => {
    const img2img = shipped('img2img');
    const filled = fillWorkflow(img2img, { strength: 1, prompt: '一只猫', seed: 7 });
    expect(nodeOf(filled, '8').inputs.denoise).toBe(0.9);
    expect(nodeOf(filled, '8').inputs.seed).toBe(7);
    expect(nodeOf(filled, '2').inputs.text).toBe('一只猫');
    expect(nodeOf(img2img.graph, '2').inputs.text).not.toBe('一只猫');
    expect(nodeOf(fillWorkflow(img2img, { strength: 0 }), '8').inputs.denoise).toBe(0.25);
    const upscale = shipped('upscale');
    expect(nodeOf(fillWorkflow(upscale, { scale: 2 }), '4').inputs.scale_by).toBe(0.5);
    expect(nodeOf(fillWorkflow(upscale, { scale: 4 }), '4').inputs.scale_by).toBe(1);
  });
});

describe('ComfyUI adapter through the fake ComfyUI', () => {
  let inputs: { photo: ImageInput; mask: ImageInput; qr: ImageInput };
  beforeAll(async () => {
    // A mask painted in the browser: white strokes on a transparent layer (the adapter flattens it onto black).
    const maskBytes = await sharp({ create: { width: 40, height: 32, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: await sharp({ create: { width: 10, height: 10, channels: 4, background: '#ffffff' } })
            .png()
            .toBuffer(),
          left: 5,
          top: 5,
        },
      ])
      .png()
      .toBuffer();
    inputs = {
      photo: await picture(40, 32, '#336699'),
      mask: { bytes: maskBytes, mime: 'image/png', width: 40, height: 32 },
      qr: await picture(33, 33, '#ffffff'),
    };
  });

  /** Each operation's job, and the pictures the fake must answer for it (sizes follow the graph). */
  const cases: Record<ImageOp, () => { job: Partial<ImageJob>; want: { count: number; width: number; height: number; alpha?: boolean } }> =
    {
      generate: () => ({ job: { prompt: '山间小屋', count: 2 }, want: { count: 2, width: 64, height: 48 } }),
      img2img: () => ({
        job: { prompt: '油画风格', image: inputs.photo, strength: 0.5, count: 2 },
        want: { count: 2, width: 64, height: 48 },
      }),
      edit: () => ({ job: { prompt: '把天空换成晚霞', image: inputs.photo }, want: { count: 1, width: 64, height: 48 } }),
      lineart: () => ({ job: { prompt: '上色的插画', image: inputs.photo, count: 2 }, want: { count: 2, width: 64, height: 48 } }),
      pose: () => ({ job: { prompt: '跳舞的女孩', image: inputs.photo, strength: 0.3 }, want: { count: 1, width: 64, height: 48 } }),
      depth: () => ({ job: { prompt: '室内场景', image: inputs.photo }, want: { count: 1, width: 64, height: 48 } }),
      inpaint: () => ({
        job: { prompt: '', image: inputs.photo, mask: inputs.mask, width: 40, height: 32 },
        want: { count: 1, width: 40, height: 32 },
      }),
      expand: () => ({
        job: { prompt: '', image: inputs.photo, expand: { top: 8, right: 16, bottom: 8, left: 0 }, width: 56, height: 48 },
        want: { count: 1, width: 56, height: 48 },
      }),
      upscale: () => ({ job: { prompt: '', image: inputs.photo, scale: 2 }, want: { count: 1, width: 80, height: 64 } }),
      colorize: () => ({ job: { prompt: '', image: inputs.photo }, want: { count: 1, width: 64, height: 48 } }),
      matting: () => ({ job: { prompt: '', image: inputs.photo }, want: { count: 1, width: 40, height: 32, alpha: true } }),
      qrcode: () => ({
        job: { prompt: '春天的花园', qrImage: inputs.qr, qrText: 'https://example.com', width: 64, height: 64 },
        want: { count: 1, width: 64, height: 64 },
      }),
    };

  it.each([...IMAGE_OPS])('%s runs its workflow end to end', async (op) => {
    const f = await fake({ apiKey: 'comfy-key' });
    const adapter = adapterFor(f, 'comfy-key');
    expect(adapter.supports(op)).toBe(true);
    const { job, want } = cases[op]();
    const ctx = runCtx();
    const results = await adapter.run({ op, model: '', prompt: '', width: 64, height: 48, count: 1, seed: 42, ...job }, ctx);

    expect(results).toHaveLength(want.count);
    for (const r of results) {
      expect(r.mime).toBe('image/png');
      expect([r.width, r.height]).toEqual([want.width, want.height]);
      const meta = await sharp(r.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([want.width, want.height]);
      if (want.alpha) expect(meta.hasAlpha).toBe(true);
    }
    expect(f.submits).toHaveLength(1);
    expect(f.unauthorized).toBe(0);
    expect(ctx.kept).toEqual([{ promptId: f.submits[0]!.promptId }]);
    expect(ctx.stages.at(-1)?.[1]).toBe('下载结果');

    // The graph carries the job: prompt (or the workflow's own text when empty), seed, uploads.
    const wf = shipped(op);
    const graph = f.submits[0]!.graph;
    const at = (slot: keyof typeof wf.slots) => {
      const t = wf.slots[slot]![0]!;
      return nodeOf(graph, t.node).inputs[t.input];
    };
    if (job.prompt) expect(at('prompt')).toBe(job.prompt);
    else if (wf.slots.prompt) expect(at('prompt')).toBe(nodeOf(wf.graph, wf.slots.prompt[0]!.node).inputs.text);
    if (wf.slots.seed) expect(at('seed')).toBe(42);
    for (const slot of ['image', 'mask', 'qrImage'] as const) {
      if (wf.slots[slot]) expect(f.uploads.has(at(slot) as string)).toBe(true);
    }
  });

  it('uploads the mask as an opaque grey PNG: white where repainted, black elsewhere', async () => {
    const f = await fake();
    await adapterFor(f).run(
      { op: 'inpaint', model: '', prompt: '', width: 40, height: 32, count: 1, image: inputs.photo, mask: inputs.mask },
      runCtx(),
    );
    const target = shipped('inpaint').slots.mask![0]!;
    const maskNode = nodeOf(f.submits[0]!.graph, target.node);
    expect(maskNode.inputs.channel).toBe('red');
    const uploaded = sharp(f.uploads.get(maskNode.inputs[target.input] as string)!);
    expect((await uploaded.metadata()).hasAlpha).toBe(false);
    const { data, info } = await uploaded.raw().toBuffer({ resolveWithObject: true });
    const red = (x: number, y: number) => data[(y * info.width + x) * info.channels];
    expect(red(8, 8)).toBe(255);
    expect(red(30, 25)).toBe(0);
  });

  it('a resumed task polls the kept prompt without submitting again', async () => {
    const f = await fake({ pollsBeforeDone: 3 });
    const adapter = adapterFor(f);
    const job: ImageJob = { op: 'img2img', model: '', prompt: '海边日落', width: 64, height: 48, count: 1, image: inputs.photo };
    // First claim: the worker dies right after the prompt id was kept.
    const first = new AbortController();
    const ctx1 = runCtx({ signal: first.signal });
    ctx1.keepVendorState = async (s) => {
      ctx1.kept.push(s);
      first.abort(new Error('worker stopping'));
    };
    await expect(adapter.run(job, ctx1)).rejects.toThrow('worker stopping');
    expect(f.submits).toHaveLength(1);

    const results = await adapter.run(job, runCtx({ resumeState: ctx1.kept[0] }));
    expect(results).toHaveLength(1);
    expect(f.submits).toHaveLength(1);
    // Nothing uploaded again either: the kept prompt already names its picture.
    expect(f.uploads.size).toBe(1);
  });

  it('a graph ComfyUI refuses (node_errors) fails as vendor_failed, with the node error in detail', async () => {
    const f = await fake({ missingModels: ['v1-5-pruned-emaonly.safetensors'] });
    const err = await adapterFor(f)
      .run({ op: 'generate', model: '', prompt: '猫', width: 64, height: 48, count: 1 }, runCtx())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageError);
    expect((err as ImageError).reason).toBe('vendor_failed');
    expect((err as ImageError).message).toMatch(/ComfyUI/);
    expect((err as ImageError).detail).toContain('CheckpointLoaderSimple');
    expect((err as ImageError).detail).toContain('v1-5-pruned-emaonly.safetensors');
    expect(f.historyPolls).toBe(0);
  });

  it('a run that breaks in ComfyUI (history status error) fails as vendor_failed', async () => {
    const f = await fake({ failRuns: true });
    const err = await adapterFor(f)
      .run({ op: 'generate', model: '', prompt: '猫', width: 64, height: 48, count: 1 }, runCtx())
      .catch((e: unknown) => e);
    expect((err as ImageError).reason).toBe('vendor_failed');
    expect((err as ImageError).detail).toContain('CUDA out of memory');
    expect(f.views).toBe(0);
  });

  it('the job signal ends a poll at once, and nothing is polled after', async () => {
    const f = await fake({ pollsBeforeDone: 1_000_000 });
    const controller = new AbortController();
    const run = adapterFor(f).run(
      { op: 'generate', model: '', prompt: '猫', width: 64, height: 48, count: 1 },
      runCtx({ signal: controller.signal }),
    );
    await expect.poll(() => f.historyPolls).toBeGreaterThanOrEqual(2);
    controller.abort(new Error('task canceled'));
    await expect(run).rejects.toThrow('task canceled');
    // A poll already on the wire when the signal fired may still reach the fake (a busy machine lands it
    // late): that is not a poll after the abort. Let it land, then no new one may come (polls run every
    // 5-20 ms here, so a poller that kept going would show several in the window).
    await new Promise((r) => setTimeout(r, 50));
    const seen = f.historyPolls;
    await new Promise((r) => setTimeout(r, 150));
    expect(f.historyPolls).toBe(seen);
  });

  it('a run past IMAGE_TIMEOUT_MS fails as network (timeout)', async () => {
    const f = await fake({ pollsBeforeDone: 1_000_000 });
    const err = await adapterFor(f, undefined, 150)
      .run({ op: 'generate', model: '', prompt: '猫', width: 64, height: 48, count: 1 }, runCtx())
      .catch((e: unknown) => e);
    expect((err as ImageError).reason).toBe('network');
    expect((err as ImageError).message).toContain('超时');
  });

  it('a wrong key is vendor_refused; an unreachable ComfyUI is network', async () => {
    const f = await fake({ apiKey: 'right' });
    const job: ImageJob = { op: 'generate', model: '', prompt: '猫', width: 64, height: 48, count: 1 };
    const refused = await adapterFor(f, 'wrong')
      .run(job, runCtx())
      .catch((e: unknown) => e);
    expect((refused as ImageError).reason).toBe('vendor_refused');

    const gone = await fake();
    const url = gone.url;
    await gone.close();
    const unreachable = await createComfyAdapter({ baseUrl: url, timeoutMs: 5_000 }, { pollMs: FAST })
      .run(job, runCtx())
      .catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(ImageError);
    expect((unreachable as ImageError).reason).toBe('network');
  });

  it('the fake checks graphs as ComfyUI would (so the runs above prove the shipped wiring)', async () => {
    const f = await fake();
    const graph = structuredClone(shipped('generate').graph);
    nodeOf(graph, '5').inputs.positive = ['1', 0];
    delete nodeOf(graph, '4').inputs.batch_size;
    const res = await fetch(`${f.url}/prompt`, { method: 'POST', body: JSON.stringify({ prompt: graph, client_id: 'x' }) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { node_errors: Record<string, { errors: { type: string }[] }> };
    expect(body.node_errors['5']?.errors.map((e) => e.type)).toEqual(['return_type_mismatch']);
    expect(body.node_errors['4']?.errors.map((e) => e.type)).toEqual(['required_input_missing']);
    expect(f.submits).toHaveLength(0);
  });

  it('is registered as the comfyui image vendor, switched on by a base URL', async () => {
    const entry = IMAGE_VENDORS.comfyui!;
    expect(entry.activation).toBe('baseUrl');
    const f = await fake();
    const adapter = entry.factory({ baseUrl: f.url, timeoutMs: 10_000 });
    expect(adapter.vendor).toBe('comfyui');
    expect(IMAGE_OPS.every((op) => adapter.supports(op))).toBe(true);
  });
});

describe('workflow loading stops on a wrong node map', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'comfy-wf-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A copy of the shipped folder with one file edited. */
  function copyWith(file: string, edit: (json: Record<string, unknown>) => void): string {
    const target = mkdtempSync(join(dir, 'case-'));
    cpSync(DEFAULT_COMFY_DIR, target, { recursive: true });
    const json = JSON.parse(readFileSync(join(target, file), 'utf8')) as Record<string, unknown>;
    edit(json);
    writeFileSync(join(target, file), JSON.stringify(json));
    return target;
  }
  type OpJson = { output: string; slots: Record<string, { node: string; input: string }> };
  const entry = (m: Record<string, unknown>, op: ImageOp) => m[op] as OpJson;

  it('a slot naming a node the workflow lacks: the boot fails naming the files', () => {
    const bad = copyWith('node-map.json', (m) => {
      entry(m, 'generate').slots.prompt = { node: '99', input: 'text' };
    });
    expect(() => loadComfyWorkflows(bad)).toThrow(ComfyWorkflowError);
    expect(() => loadComfyWorkflows(bad)).toThrow(/node-map\.json.*generate.*generate\.json.*99/);
    expect(() => createComfyAdapter({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 5_000 }, { dir: bad })).toThrow(/node-map\.json/);
  });

  it('a slot naming an input the node lacks, or a link, or a missing required slot', () => {
    const noInput = copyWith('node-map.json', (m) => {
      entry(m, 'img2img').slots.seed = { node: '8', input: 'sed' };
    });
    expect(() => loadComfyWorkflows(noInput)).toThrow(/img2img.*没有输入 sed/);
    const onLink = copyWith('node-map.json', (m) => {
      entry(m, 'img2img').slots.prompt = { node: '2', input: 'clip' };
    });
    expect(() => loadComfyWorkflows(onLink)).toThrow(/是连线/);
    const noMask = copyWith('node-map.json', (m) => {
      delete entry(m, 'inpaint').slots.mask;
    });
    expect(() => loadComfyWorkflows(noMask)).toThrow(/inpaint.*缺少必需的 mask/);
    const badOutput = copyWith('node-map.json', (m) => {
      entry(m, 'matting').output = '42';
    });
    expect(() => loadComfyWorkflows(badOutput)).toThrow(/matting.*输出节点 42/);
  });

  it('a workflow link to a missing node names the workflow file', () => {
    const bad = copyWith('pose.json', (g) => {
      (g['10'] as { inputs: Record<string, unknown> }).inputs.latent_image = ['77', 0];
    });
    expect(() => loadComfyWorkflows(bad)).toThrow(/^pose\.json: .*77/);
  });
});
