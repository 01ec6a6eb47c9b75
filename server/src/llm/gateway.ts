import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
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
export async function createLlmGateway(config: Config, catalog: Catalog, logger: FastifyBaseLogger): Promise<LlmGateway & GatewayExtras> {
  for (const m of catalog.models()) {
    if (!vendorById(m.vendor))
      throw new Error(`catalog model "${m.key}" names unknown vendor "${m.vendor}" (known: ${VENDORS.map((v) => v.id).join(', ')})`);
  }
  const routes = configuredRoutes(config);
  const demo = config.forceDemo || routes.size === 0;
  const client = new OpenAiStreamClient();
  let demoUpstream: DemoUpstream | undefined;
  let demoRoute: Route | undefined;
  if (demo) {
    let baseUrl = config.demoUpstreamUrl;
    if (!baseUrl) {
      demoUpstream = await startDemoUpstream({ tokenDelayMs: config.demoTokenDelayMs });
      baseUrl = demoUpstream.baseUrl;
    }
    demoRoute = { vendor: DEMO_VENDOR, target: { baseUrl } };
    logger.warn({ demoUpstream: baseUrl }, 'no LLM vendor configured: every model is served by the demo upstream');
  } else {
    logger.info({ vendors: [...routes.keys()] }, 'LLM vendors configured');
  }
  const timeouts = { firstByteTimeoutMs: config.upstreamFirstByteTimeoutMs, idleTimeoutMs: config.upstreamIdleTimeoutMs };

  const routeFor = (model: CatalogModel): Route | undefined => demoRoute ?? routes.get(model.vendor);

  return {
    demo,
    demoUpstream,
    available: (model) => model.online && routeFor(model) !== undefined,
    stream(req: LlmStreamRequest): AsyncIterable<LlmDelta> {
      const route = routeFor(req.model);
      if (!route || !req.model.online) {
        return failing(new LlmError('protocol', `model "${req.model.key}" has no configured vendor`));
      }
      const body = adaptBody(route.vendor, buildBody(req));
      let target = route.target;
      if (demoRoute) {
        // The demo's switches: reasoning for deep-thinking models, plus any fault headers of the caller.
        const headers = { ...req.headers, ...(req.model.reasoning ? { 'x-demo-reasoning': '1' } : {}) };
        if (Object.keys(headers).length) target = { ...target, headers };
      }
      return client.stream(target, body, { signal: req.signal, ...timeouts });
    },
    async close() {
      await client.close();
      await demoUpstream?.close();
    },
  };
}

function configuredRoutes(config: Config): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const vendor of VENDORS) {
    const cred = config.vendors[vendor.id];
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
