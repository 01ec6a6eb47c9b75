import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Config } from '../../config';
import { VENDORS } from '../../llm/vendors';
import type { AppMetrics } from '../metrics';
import type { ImageBackend, ImageRoute } from './backend';
import { createDemoPainter } from './demo-painter';
import { IMAGE_OPS, ImageError, type ImageAdapter, type ImageOp } from './types';
import { IMAGE_VENDOR_IDS, IMAGE_VENDORS, type ImageVendorSetup } from './vendors';

export type { ImageBackend, ImageRoute } from './backend';
export { IMAGE_OPS, ImageError, type ImageAdapter, type ImageInput, type ImageJob, type ImageOp, type ImageResult, type ImageRunContext } from './types';

const RouteSchema = z.object({ vendor: z.enum(IMAGE_VENDOR_IDS), model: z.string() });
export const ImagesFileSchema = z.object({
  routes: z.partialRecord(z.enum(IMAGE_OPS), z.array(RouteSchema).max(20)),
});
export type ImagesFile = z.infer<typeof ImagesFileSchema>;

/** Read and check server/catalog/images.json (or the operator's copy): an unknown vendor or operation stops the boot. */
export function loadImagesFile(path: string): ImagesFile {
  const parsed = ImagesFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** The key and base URL of an image vendor: chat's for chat vendors, the images settings for the others. */
type VendorId = (typeof IMAGE_VENDOR_IDS)[number];

export function vendorSetup(config: Config, vendor: VendorId): ImageVendorSetup {
  const own = (config.images as unknown as Record<string, { apiKey?: string; baseUrl?: string } | undefined>)[vendor];
  const cred = own ?? config.vendors[vendor] ?? {};
  const chatDefault = VENDORS.find((v) => v.id === vendor)?.defaultBaseUrl;
  return { apiKey: cred.apiKey, baseUrl: cred.baseUrl ?? IMAGE_VENDORS[vendor]?.defaultBaseUrl ?? chatDefault, timeoutMs: config.images.timeoutMs, catalogDir: config.catalogDir };
}

function switchedOn(vendor: VendorId, setup: ImageVendorSetup): boolean {
  const entry = IMAGE_VENDORS[vendor];
  if (!entry) return false;
  return entry.activation === 'apiKey' ? Boolean(setup.apiKey && setup.baseUrl) : Boolean(setup.baseUrl);
}

/**
 * The image backend of this server: for each operation, the first route of the catalog whose
 * vendor is switched on. Demo mode (no chat vendor key) paints every operation locally, unless an
 * image vendor is configured on its own (then that vendor runs and the rest stays demo).
 */
/** Where the console's per-vendor error rate and latency are recorded (VendorCallStats), under `image:<vendor>`. */
export interface ImageCallRecorder {
  ok(vendor: string, ms: number): void;
  failed(vendor: string): void;
}

export function createImageBackend(
  config: Config,
  file: ImagesFile,
  opts: { demo: boolean; metrics?: Pick<AppMetrics, 'upstreamError'>; calls?: ImageCallRecorder },
): ImageBackend {
  const adapters = new Map<string, ImageAdapter>();
  const adapterFor = (vendor: VendorId): ImageAdapter | null => {
    if (adapters.has(vendor)) return adapters.get(vendor)!;
    const setup = vendorSetup(config, vendor);
    if (!switchedOn(vendor, setup)) return null;
    const adapter = observed(IMAGE_VENDORS[vendor]!.factory(setup), opts);
    adapters.set(vendor, adapter);
    return adapter;
  };
  const painter = observed(createDemoPainter(), opts);
  const routes = new Map<ImageOp, ImageRoute | null>();
  for (const op of IMAGE_OPS) {
    let found: ImageRoute | null = null;
    for (const r of file.routes[op] ?? []) {
      const adapter = r.vendor === 'demo' ? painter : adapterFor(r.vendor);
      if (adapter?.supports(op)) {
        found = { adapter, model: r.model };
        break;
      }
    }
    routes.set(op, found ?? (opts.demo ? { adapter: painter, model: '' } : null));
  }
  return { demo: opts.demo, route: (op) => routes.get(op) ?? null };
}

/**
 * The adapter with its failures counted (wanxiang_upstream_errors_total{service="image"}) and each call's outcome and
 * duration recorded for the console (`image:<vendor>`): every image operation of every tool runs through an adapter
 * made here. A run the caller aborted (task canceled, worker stopping) is neither a failure nor a latency.
 */
function observed(adapter: ImageAdapter, opts: { metrics?: Pick<AppMetrics, 'upstreamError'>; calls?: ImageCallRecorder }): ImageAdapter {
  const { metrics, calls } = opts;
  if (!metrics && !calls) return adapter;
  const key = `image:${adapter.vendor}`;
  return {
    vendor: adapter.vendor,
    supports: (op) => adapter.supports(op),
    async run(job, ctx) {
      const started = Date.now();
      try {
        const out = await adapter.run(job, ctx);
        calls?.ok(key, Date.now() - started);
        return out;
      } catch (err) {
        if (!ctx.signal.aborted) {
          metrics?.upstreamError('image', adapter.vendor, err instanceof ImageError ? err.reason : 'other');
          calls?.failed(key);
        }
        throw err;
      }
    },
  };
}
