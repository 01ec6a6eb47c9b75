import type { FastifyBaseLogger } from 'fastify';
import type { Config, VendorCredential } from '../config';
import type { Catalog, CatalogModel } from '../catalog';
import { startDemoUpstream, type DemoUpstream } from './demo-upstream/server';
import { LlmError } from './errors';
import { OpenAiStreamClient, type UpstreamTarget } from './openai-stream';
import type { LlmDelta, LlmGateway, LlmStreamRequest } from './types';
import { VENDORS, adaptBody, vendorById, type ChatCompletionBody, type VendorSpec } from './vendors';

export type { LlmDelta, LlmGateway, LlmMessage, LlmStreamRequest } from './types';
export { LlmError, type LlmErrorKind } from './errors';

/** The demo upstream speaks every option (usage in the stream included) and clamps nothing. */
const DEMO_VENDOR: Pick<VendorSpec, 'streamUsage' | 'temperature' | 'penalties'> = {
  streamUsage: true,
  temperature: { min: 0, max: 2 },
  penalties: true,
};

interface Route {
  vendor: Pick<VendorSpec, 'streamUsage' | 'temperature' | 'penalties' | 'quirks'>;
  target: UpstreamTarget;
}

/** Where the gateway reads vendor credentials per call (infra/vendor-settings: the console's over the environment's). */
export interface VendorCredentialSource {
  /** Moves when a credential changed: the routes are rebuilt on the next call. */
  readonly generation: number;
  credential(id: string): VendorCredential;
}

/** Where each vendor call's outcome is told (infra/vendor-settings/stats: the console's error rate and latency). */
export interface VendorCallRecorder {
  ok(vendor: string, ms: number): void;
  failed(vendor: string): void;
}

export interface GatewayLive {
  /** Absent: config.vendors, fixed at boot. */
  credentials?: VendorCredentialSource;
  calls?: VendorCallRecorder;
}

export interface GatewayExtras {
  /** The demo upstream the gateway started (absent when not in demo mode or using DEMO_UPSTREAM_URL). */
  demoUpstream?: DemoUpstream;
}

/**
 * Route each catalog model to its vendor. A vendor with its key (Ollama and the generic
 * compatible endpoint: with a base URL) serves its models for real. With no vendor configured
 * at all, or DEMO_UPSTREAM=1, the demo upstream serves every model and `demo` is true; with
 * some vendors configured, models of the others are unavailable (该模型尚未上线).
 */
export async function createLlmGateway(
  config: Config,
  catalog: Catalog,
  logger: FastifyBaseLogger,
  live: GatewayLive = {},
): Promise<LlmGateway & GatewayExtras> {
  for (const m of catalog.models()) {
    if (!vendorById(m.vendor))
      throw new Error(`catalog model "${m.key}" names unknown vendor "${m.vendor}" (known: ${VENDORS.map((v) => v.id).join(', ')})`);
  }
  const credentials: VendorCredentialSource = live.credentials ?? { generation: 0, credential: (id) => config.vendors[id] ?? {} };
  let routes = configuredRoutes(credentials);
  let routesGen = credentials.generation;
  // The console can change the vendors at any time: the routes are rebuilt when the credentials' generation moves.
  const currentRoutes = (): Map<string, Route> => {
    if (routesGen !== credentials.generation) {
      routesGen = credentials.generation;
      routes = configuredRoutes(credentials);
      logger.info({ vendors: [...routes.keys()] }, 'LLM vendors reconfigured');
    }
    return routes;
  };
  const client = new OpenAiStreamClient();
  let demoUpstream: DemoUpstream | undefined;
  let demoBase: Promise<string> | undefined;
  // The demo upstream serves when no vendor is configured; started at boot in that case, else on first need (the
  // console took the last vendor's key away).
  const demoBaseUrl = (): Promise<string> =>
    (demoBase ??= config.demoUpstreamUrl
      ? Promise.resolve(config.demoUpstreamUrl)
      : startDemoUpstream({ tokenDelayMs: config.demoTokenDelayMs }).then((u) => {
          demoUpstream = u;
          return u.baseUrl;
        }));
  const isDemo = () => config.forceDemo || currentRoutes().size === 0;
  if (isDemo()) {
    const baseUrl = await demoBaseUrl();
    logger.warn({ demoUpstream: baseUrl }, 'no LLM vendor configured: every model is served by the demo upstream');
  } else {
    logger.info({ vendors: [...routes.keys()] }, 'LLM vendors configured');
  }
  const timeouts = { firstByteTimeoutMs: config.upstreamFirstByteTimeoutMs, idleTimeoutMs: config.upstreamIdleTimeoutMs };

  const routeFor = (model: CatalogModel): Route | 'demo' | undefined => (isDemo() ? 'demo' : currentRoutes().get(model.vendor));

  return {
    get demo() {
      return isDemo();
    },
    get demoUpstream() {
      return demoUpstream;
    },
    available: (model) => model.online && routeFor(model) !== undefined,
    stream(req: LlmStreamRequest): AsyncIterable<LlmDelta> {
      const route = routeFor(req.model);
      if (!route || !req.model.online) {
        return failing(new LlmError('protocol', `model "${req.model.key}" has no configured vendor`));
      }
      if (route === 'demo') return demoStream(req);
      const body = adaptBody(route.vendor, buildBody(req));
      const deltas = client.stream(route.target, body, { signal: req.signal, ...timeouts });
      return live.calls ? timed(deltas, req, req.model.vendor, live.calls) : deltas;
    },
    async close() {
      await client.close();
      await demoBase?.catch(() => undefined);
      await demoUpstream?.close();
    },
  };

  async function* demoStream(req: LlmStreamRequest): AsyncGenerator<LlmDelta, void, undefined> {
    const body = adaptBody(DEMO_VENDOR, buildBody(req));
    // The demo's switches: reasoning for deep-thinking models, plus any fault headers of the caller.
    const headers = { ...req.headers, ...(req.model.reasoning ? { 'x-demo-reasoning': '1' } : {}) };
    const target: UpstreamTarget = { baseUrl: await demoBaseUrl(), ...(Object.keys(headers).length ? { headers } : {}) };
    yield* client.stream(target, body, { signal: req.signal, ...timeouts });
  }
}

/** Tell `calls` how a vendor call went: ok with the time to its first delta, or failed (a caller's abort is neither). */
async function* timed(
  deltas: AsyncIterable<LlmDelta>,
  req: LlmStreamRequest,
  vendor: string,
  calls: VendorCallRecorder,
): AsyncGenerator<LlmDelta, void, undefined> {
  const started = performance.now();
  let answered = false;
  try {
    for await (const delta of deltas) {
      if (!answered) {
        answered = true;
        calls.ok(vendor, performance.now() - started);
      }
      yield delta;
    }
    if (!answered) calls.ok(vendor, performance.now() - started);
  } catch (err) {
    const aborted = req.signal.aborted || (err instanceof LlmError && err.kind === 'aborted');
    if (!aborted && !answered) calls.failed(vendor);
    throw err;
  }
}

function configuredRoutes(credentials: VendorCredentialSource): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const vendor of VENDORS) {
    const cred = credentials.credential(vendor.id);
    const on = vendor.activation === 'apiKey' ? Boolean(cred?.apiKey) : Boolean(cred?.baseUrl);
    const baseUrl = cred?.baseUrl ?? vendor.defaultBaseUrl;
    if (!on || !baseUrl) continue;
    routes.set(vendor.id, { vendor, target: { baseUrl, apiKey: cred?.apiKey } });
  }
  return routes;
}

function buildBody(req: LlmStreamRequest): ChatCompletionBody {
  const body: ChatCompletionBody = {
    // Catalog extras first, so they can never override the model, messages or streaming.
    ...req.model.upstreamExtra,
    model: req.model.upstreamModel,
    messages: req.messages,
    stream: true,
  };
  if (req.temperature !== undefined) body.temperature = req.temperature;
  if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
  if (req.presencePenalty !== undefined) body.presence_penalty = req.presencePenalty;
  if (req.frequencyPenalty !== undefined) body.frequency_penalty = req.frequencyPenalty;
  if (req.tools?.length) {
    body.tools = req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
  }
  return body;
}

/** A stream that fails on its first read, like an upstream refusal would. */
function failing(err: LlmError): AsyncIterable<LlmDelta> {
  return {
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(err) }),
  };
}
