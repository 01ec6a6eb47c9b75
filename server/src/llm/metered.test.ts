import { describe, expect, it } from 'vitest';
import type { CatalogModel } from '../catalog';
import { LlmError } from './errors';
import { withUpstreamErrorCount } from './metered';
import type { LlmDelta, LlmGateway } from './types';

/** A gateway whose streams yield one chunk, then fail with `err` (or end when there is none). */
function gateway(demo: boolean, err?: unknown): LlmGateway {
  return {
    demo,
    available: () => true,
    async *stream(): AsyncGenerator<LlmDelta> {
      yield { type: 'text', text: '你' };
      if (err) throw err;
    },
    close: async () => undefined,
  };
}

const model = { key: 'deepseek_v3', vendor: 'deepseek' } as CatalogModel;

async function drain(g: LlmGateway, signal = new AbortController().signal): Promise<unknown> {
  try {
    for await (const d of g.stream({ model, messages: [], signal })) void d;
    return null;
  } catch (err) {
    return err;
  }
}

describe('withUpstreamErrorCount', () => {
  const recorder = () => {
    const seen: string[][] = [];
    return { seen, metrics: { enabled: true, upstreamError: (...a: string[]) => void seen.push(a) } };
  };

  it("counts a vendor's failure by the model's vendor and the error's kind, and passes the error on", async () => {
    const { seen, metrics } = recorder();
    const err = new LlmError('http', 'upstream HTTP 502', 502);
    expect(await drain(withUpstreamErrorCount(gateway(false, err), metrics))).toBe(err);
    expect(await drain(withUpstreamErrorCount(gateway(false, new LlmError('timeout', 'first byte')), metrics))).toBeInstanceOf(LlmError);
    expect(await drain(withUpstreamErrorCount(gateway(false, new Error('odd')), metrics))).toBeInstanceOf(Error);
    expect(seen).toEqual([
      ['llm', 'deepseek', 'http'],
      ['llm', 'deepseek', 'timeout'],
      ['llm', 'deepseek', 'other'],
    ]);
  });

  it('names the demo upstream as the vendor in demo mode, and counts nothing for a clean end', async () => {
    const { seen, metrics } = recorder();
    await drain(withUpstreamErrorCount(gateway(true), metrics));
    await drain(withUpstreamErrorCount(gateway(true, new LlmError('network', 'ECONNRESET')), metrics));
    expect(seen).toEqual([['llm', 'demo', 'network']]);
  });

  it("does not count the caller's own abort", async () => {
    const { seen, metrics } = recorder();
    const stop = new AbortController();
    stop.abort();
    await drain(withUpstreamErrorCount(gateway(false, new LlmError('network', 'socket closed')), metrics), stop.signal);
    await drain(withUpstreamErrorCount(gateway(false, new LlmError('aborted', 'aborted')), metrics));
    expect(seen).toEqual([]);
  });

  it('leaves the gateway as it is when no numbers are kept', () => {
    const g = gateway(false);
    expect(withUpstreamErrorCount(g, { enabled: false, upstreamError: () => undefined })).toBe(g);
  });
});
