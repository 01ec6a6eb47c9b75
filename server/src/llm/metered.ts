import type { AppMetrics } from '../infra/metrics';
import { isLlmError } from './errors';
import type { LlmDelta, LlmGateway, LlmStreamRequest } from './types';

/**
 * The gateway with its failures counted (wanxiang_upstream_errors_total{service="llm"}): every chat, agent, tool,
 * outline and whole-answer call goes through `stream`, so this is the one place a vendor's failures are seen. The
 * vendor is the catalog model's, or `demo` when the demo upstream serves every model. A caller's own abort (a stop, a
 * closed page) is no vendor failure and is not counted. Without metrics the gateway is returned as it is.
 */
export function withUpstreamErrorCount(gateway: LlmGateway, metrics: Pick<AppMetrics, 'enabled' | 'upstreamError'>): LlmGateway {
  if (!metrics.enabled) return gateway;
  const vendorOf = (req: LlmStreamRequest) => (gateway.demo ? 'demo' : req.model.vendor);
  return {
    get demo() {
      return gateway.demo;
    },
    available: (model) => gateway.available(model),
    stream(req) {
      return counted(gateway.stream(req), req, (err) => metrics.upstreamError('llm', vendorOf(req), isLlmError(err) ? err.kind : 'other'));
    },
    close: () => gateway.close(),
  };
}

async function* counted(
  deltas: AsyncIterable<LlmDelta>,
  req: LlmStreamRequest,
  onError: (err: unknown) => void,
): AsyncGenerator<LlmDelta, void, undefined> {
  try {
    yield* deltas;
  } catch (err) {
    const aborted = req.signal.aborted || (isLlmError(err) && err.kind === 'aborted');
    if (!aborted) onError(err);
    throw err;
  }
}
