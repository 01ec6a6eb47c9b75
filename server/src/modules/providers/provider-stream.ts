import { createParser } from 'eventsource-parser';
import type { StreamFetch } from '../../infra/safe-fetch';
import { SafeFetchError } from '../../infra/safe-fetch';
import { LlmError, redact } from '../../llm/errors';
import type { LlmDelta, LlmMessage, LlmStreamRequest } from '../../llm/gateway';

/** Where one custom model's requests go. The key is used here only, as a Bearer header. */
export interface ProviderTarget {
  baseUrl: string;
  apiKey: string;
  /** Upstream model id at the provider. */
  modelId: string;
}

export interface ProviderStreamOptions {
  fetch: StreamFetch;
  firstByteTimeoutMs: number;
  idleTimeoutMs: number;
}

const ERROR_BODY_CAP = 4096;

/**
 * One OpenAI-compatible streamed completion from a user's provider: POST {base}/chat/completions
 * through the SSRF-safe streaming fetch (checked again on every call, DNS pinned, and the
 * Authorization header dropped on a redirect to another origin). Yields text, reasoning and
 * usage deltas; throws LlmError (never with the key in its text).
 */
export async function* streamFromProvider(target: ProviderTarget, req: LlmStreamRequest, opts: ProviderStreamOptions): AsyncGenerator<LlmDelta> {
  const secrets = [target.apiKey];
  const timer = new AbortController();
  let timedOut = false;
  let deadline = setTimeout(() => {
    timedOut = true;
    timer.abort();
  }, opts.firstByteTimeoutMs);
  const signal = AbortSignal.any([req.signal, timer.signal]);
  let res: Response;
  try {
    res = await opts.fetch(`${target.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${target.apiKey}` },
      body: JSON.stringify({
        model: target.modelId,
        stream: true,
        messages: req.messages.map(wireMessage),
        ...(req.tools?.length
          ? { tools: req.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } })) }
          : {}),
        ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
        ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
      }),
      signal,
    });
  } catch (err) {
    clearTimeout(deadline);
    throw failure(err, req.signal, timedOut);
  }
  try {
    if (!res.ok) {
      throw new LlmError('http', `provider HTTP ${res.status}: ${redact(await capped(res), secrets)}`, res.status);
    }
    if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
      throw new LlmError('protocol', `provider answered ${res.headers.get('content-type') ?? 'no content type'}: ${redact(await capped(res), secrets)}`);
    }
    const pending: LlmDelta[] = [];
    const calls: PartialCall[] = [];
    let done = false;
    let problem: LlmError | null = null;
    const parser = createParser({
      onEvent(ev) {
        const data = ev.data.trim();
        if (done || problem || !data) return;
        if (data === '[DONE]') {
          done = true;
          return;
        }
        try {
          collect(JSON.parse(data), pending, calls, secrets);
        } catch (err) {
          problem = err instanceof LlmError ? err : new LlmError('protocol', 'provider sent an event that is not JSON');
        }
      },
    });
    const decoder = new TextDecoder();
    clearTimeout(deadline);
    deadline = setTimeout(() => {
      timedOut = true;
      timer.abort();
    }, opts.idleTimeoutMs);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      deadline.refresh();
      parser.feed(decoder.decode(chunk, { stream: true }));
      yield* pending.splice(0);
      if (problem) throw problem;
      if (done) break;
    }
    // Tool calls arrive in fragments; the whole calls are handed on once the turn has ended.
    for (const c of calls) if (c?.name) yield { type: 'tool_call', id: c.id || `call_${calls.indexOf(c)}`, name: c.name, arguments: c.arguments };
  } catch (err) {
    throw failure(err, req.signal, timedOut);
  } finally {
    clearTimeout(deadline);
    await res.body?.cancel().catch(() => undefined);
  }
}

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

/** One message in OpenAI wire form (content parts, tool calls and tool answers included). */
function wireMessage(m: LlmMessage): Record<string, unknown> {
  const out: Record<string, unknown> = { role: m.role, content: m.parts ?? m.content };
  if (m.toolCalls?.length) {
    out.tool_calls = m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  }
  if (m.toolCallId) out.tool_call_id = m.toolCallId;
  return out;
}

/** Deltas of one OpenAI-shaped stream event; tool call fragments are assembled into `calls`. */
function collect(json: unknown, out: LlmDelta[], calls: PartialCall[], secrets: string[]): void {
  if (!json || typeof json !== 'object') return;
  const o = json as Record<string, unknown>;
  if (o.error) throw new LlmError('protocol', `provider error event: ${redact(JSON.stringify(o.error), secrets)}`);
  const choice = Array.isArray(o.choices) ? (o.choices[0] as Record<string, unknown> | undefined) : undefined;
  const delta = choice?.delta as Record<string, unknown> | undefined;
  if (delta) {
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === 'string' && reasoning) out.push({ type: 'reasoning', text: reasoning });
    if (typeof delta.content === 'string' && delta.content) out.push({ type: 'text', text: delta.content });
    if (Array.isArray(delta.tool_calls)) {
      for (const raw of delta.tool_calls as Record<string, unknown>[]) {
        const index = typeof raw.index === 'number' && raw.index >= 0 && raw.index < 32 ? raw.index : calls.length;
        const call = (calls[index] ??= { id: '', name: '', arguments: '' });
        const fn = (raw.function ?? {}) as Record<string, unknown>;
        if (typeof raw.id === 'string') call.id = raw.id;
        if (typeof fn.name === 'string') call.name += fn.name;
        if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
      }
    }
  }
  const usage = (o.usage ?? choice?.usage) as Record<string, unknown> | undefined;
  if (usage && typeof usage === 'object') {
    const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
    out.push({ type: 'usage', promptTokens: n(usage.prompt_tokens), completionTokens: n(usage.completion_tokens), totalTokens: n(usage.total_tokens) });
  }
}

function failure(err: unknown, caller: AbortSignal, timedOut: boolean): LlmError {
  if (caller.aborted) return new LlmError('aborted', 'request aborted by the caller');
  if (timedOut) return new LlmError('timeout', 'provider did not answer in time');
  if (err instanceof LlmError) return err;
  if (err instanceof SafeFetchError) return new LlmError('network', `provider address refused (${err.reason})`);
  return new LlmError('network', 'provider connection failed');
}

async function capped(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return text.slice(0, ERROR_BODY_CAP);
}
