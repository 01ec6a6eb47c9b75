import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildAnswer, buildReasoning, tokenize } from './answer';
import { planFrom, stripMarkers, type DemoPlan } from './faults';
import { readAttachments } from './attachments';
import { errorType, parseCompletionBody, readJson, sendError, sendJson, sendModels } from './protocol';
import { planToolTurn, streamToolCall } from './tool-calls';
import { givenAnswer } from './given-answer';

/**
 * The built-in demo upstream: an OpenAI-compatible HTTP server on loopback. The gateway starts
 * one when no vendor key is set; tests and the benchmark start it directly (see cli.ts).
 * Each stream is a small state object and one re-armed timer, so thousands can run at once.
 */
export interface DemoUpstreamOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Milliseconds between tokens unless a request asks otherwise. */
  tokenDelayMs?: number;
}

/** A stream the client closed before its end (recorded so tests can time upstream aborts). */
export interface EarlyClose {
  /** performance.now() when the connection closed. */
  at: number;
  model: string;
  chunksSent: number;
}

export interface DemoStats {
  requests: number;
  active: number;
  completed: number;
  earlyCloseCount: number;
  /** The latest early closes, newest last (at most 1,000 kept). */
  earlyCloses: EarlyClose[];
}

export interface DemoUpstream {
  /** http://host:port */
  readonly url: string;
  /** url + '/v1', the OpenAI-compatible base URL. */
  readonly baseUrl: string;
  readonly port: number;
  readonly stats: DemoStats;
  /** Called whenever a client closes a stream early; returns an unsubscribe function. */
  onEarlyClose(listener: (e: EarlyClose) => void): () => void;
  close(): Promise<void>;
}

const EARLY_CLOSES_KEPT = 1000;
/** Tokens written in one go when there is no per-token delay, before yielding the event loop. */
const BURST = 256;

export async function startDemoUpstream(opts: DemoUpstreamOptions = {}): Promise<DemoUpstream> {
  const tokenDelayMs = opts.tokenDelayMs ?? 30;
  const stats: DemoStats = { requests: 0, active: 0, completed: 0, earlyCloseCount: 0, earlyCloses: [] };
  const listeners = new Set<(e: EarlyClose) => void>();
  let closing = false;

  const recordEarlyClose = (e: EarlyClose) => {
    if (closing) return;
    stats.earlyCloseCount++;
    stats.earlyCloses.push(e);
    if (stats.earlyCloses.length > EARLY_CLOSES_KEPT) stats.earlyCloses.shift();
    for (const l of listeners) l(e);
  };

  const server = createServer({ keepAliveTimeout: 65_000, requestTimeout: 0 }, (req, res) => {
    stats.requests++;
    route(req, res, { tokenDelayMs, stats, recordEarlyClose }).catch(() => {
      if (!res.headersSent) sendError(res, 500, 'internal demo error', 'server_error');
      else res.destroy();
    });
  });
  server.maxHeadersCount = 100;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    port,
    stats,
    onEarlyClose(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closing = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

interface RouteCtx {
  tokenDelayMs: number;
  stats: DemoStats;
  recordEarlyClose: (e: EarlyClose) => void;
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: RouteCtx): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/v1/models' && req.method === 'GET') return sendModels(res);
  if (path !== '/v1/chat/completions') return sendError(res, 404, `Unknown path ${path}`, 'invalid_request_error');
  if (req.method !== 'POST') return sendError(res, 405, 'Use POST', 'invalid_request_error');
  const body = await readJson(req);
  if (!body.ok) return sendError(res, body.status, body.message, 'invalid_request_error');
  const parsed = parseCompletionBody(body.value);
  if (!parsed) return sendError(res, 400, "'messages' must be a non-empty array", 'invalid_request_error');
  const plan = planFrom(req.headers, parsed.lastUserText);
  const attached = readAttachments(body.value, parsed.lastUserText);
  // Offered tools: maybe a tool call now, or (after tool answers) a text quoting them.
  const toolTurn = planToolTurn(parsed);
  const job: Job = {
    model: parsed.model,
    question: stripMarkers(attached.question),
    preface: attached.preface,
    system: parsed.systemText,
    promptChars: parsed.promptChars,
    reasoning: plan.reasoning || /r1|reasoner|o1|zero|thinking/i.test(parsed.model),
    includeUsage: parsed.includeUsage,
    plan,
    delayMs: plan.delayMs ?? ctx.tokenDelayMs,
    answer: toolTurn?.kind === 'answer' ? toolTurn.text : givenAnswer(req.headers),
  };
  const begin = () => {
    if (plan.errorStatus)
      return sendError(res, plan.errorStatus, `Demo upstream fault: HTTP ${plan.errorStatus}`, errorType(plan.errorStatus));
    if (!parsed.stream) return sendCompletion(res, job);
    if (toolTurn?.kind === 'call') return streamToolCall(res, job.model, toolTurn.call, job.includeUsage);
    streamJob(res, job, ctx);
  };
  if (plan.slowFirstByteMs) {
    const t = setTimeout(begin, plan.slowFirstByteMs);
    res.on('close', () => clearTimeout(t));
  } else begin();
}

interface Job {
  model: string;
  question: string;
  /** Acknowledges attached files and images before the answer. */
  preface: string;
  system: string;
  promptChars: number;
  reasoning: boolean;
  includeUsage: boolean;
  plan: DemoPlan;
  delayMs: number;
  /** A fixed reply instead of the built answer (the text after tool results). */
  answer?: string;
}

function streamJob(res: ServerResponse, job: Job, ctx: RouteCtx): void {
  const reasoningTokens = job.reasoning ? tokenize(buildReasoning(job.question)) : [];
  const answerTokens = tokenize(job.preface + (job.answer ?? buildAnswer(job.question, job.model, job.system)));
  const contentTotal = job.plan.neverEnd ? Infinity : (job.plan.tokens ?? answerTokens.length);
  const id = `chatcmpl-demo${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const created = Math.floor(Date.now() / 1000);
  // Every chunk shares its head and tail; only the delta differs (cheap under thousands of streams).
  const head = `data: {"id":"${id}","object":"chat.completion.chunk","created":${created},"model":${JSON.stringify(job.model)},"system_fingerprint":"fp_wanxiang_demo","choices":[{"index":0,"delta":`;
  const usageNull = job.includeUsage ? ',"usage":null' : '';
  const tail = `,"logprobs":null,"finish_reason":null}]${usageNull}}\n\n`;
  let ri = 0;
  let ci = 0;
  let sent = 0;
  let finished = false;
  let cutting = false;
  let timer: NodeJS.Timeout | null = null;

  ctx.stats.active++;
  res.on('close', () => {
    ctx.stats.active--;
    if (timer) clearTimeout(timer);
    if (!finished && !cutting) ctx.recordEarlyClose({ at: performance.now(), model: job.model, chunksSent: sent });
  });
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(
    `${head}${job.reasoning ? '{"role":"assistant","content":null,"reasoning_content":""}' : '{"role":"assistant","content":""}'}${tail}`,
  );

  /** Write one token; false when the stream is over (finished or cut). */
  const writeOne = (): boolean => {
    if (job.plan.cutAfter !== undefined && sent >= job.plan.cutAfter) {
      cutting = true;
      // end() flushes what was written (the socket may be corked this tick), then closes it:
      // the client sees the connection drop mid-reply, without the chunked terminator.
      if (res.socket) res.socket.end();
      else res.destroy();
      return false;
    }
    let ok: boolean;
    if (ri < reasoningTokens.length) {
      ok = res.write(`${head}{"content":null,"reasoning_content":${JSON.stringify(reasoningTokens[ri++])}}${tail}`);
    } else if (ci < contentTotal) {
      ok = res.write(`${head}{"content":${JSON.stringify(answerTokens[ci++ % answerTokens.length])}}${tail}`);
    } else {
      finish();
      return false;
    }
    sent++;
    if (!ok) {
      // Backpressure: continue when the socket drains, never queue unbounded output.
      res.once('drain', step);
      return false;
    }
    return true;
  };

  const step = () => {
    if (res.destroyed) return;
    if (job.delayMs > 0) {
      if (writeOne()) {
        if (timer) timer.refresh();
        else timer = setTimeout(step, job.delayMs);
      }
      return;
    }
    for (let i = 0; i < BURST; i++) if (!writeOne()) return;
    setImmediate(step);
  };

  const finish = () => {
    finished = true;
    ctx.stats.completed++;
    const completion = ri + ci;
    const usage = JSON.stringify({
      prompt_tokens: Math.ceil(job.promptChars / 1.5),
      completion_tokens: completion,
      total_tokens: Math.ceil(job.promptChars / 1.5) + completion,
      ...(ri ? { completion_tokens_details: { reasoning_tokens: ri } } : {}),
    });
    const stop = `data: {"id":"${id}","object":"chat.completion.chunk","created":${created},"model":${JSON.stringify(job.model)},"system_fingerprint":"fp_wanxiang_demo","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"stop"}]`;
    if (job.includeUsage) {
      // OpenAI's shape: the stop chunk, then a last chunk with empty choices and the usage.
      res.write(`${stop},"usage":null}\n\n`);
      res.write(
        `data: {"id":"${id}","object":"chat.completion.chunk","created":${created},"model":${JSON.stringify(job.model)},"system_fingerprint":"fp_wanxiang_demo","choices":[],"usage":${usage}}\n\n`,
      );
    } else {
      res.write(`${stop},"usage":${usage}}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  };

  // The first token follows the role chunk after one delay, like a model's first step.
  if (job.delayMs > 0) timer = setTimeout(step, job.delayMs);
  else setImmediate(step);
}

function sendCompletion(res: ServerResponse, job: Job): void {
  const answer = job.preface + (job.answer ?? buildAnswer(job.question, job.model, job.system));
  const reasoning = job.reasoning ? buildReasoning(job.question) : undefined;
  const tokens = tokenize(answer);
  const content =
    job.plan.tokens !== undefined ? Array.from({ length: job.plan.tokens }, (_, i) => tokens[i % tokens.length]).join('') : answer;
  const completion = tokenize(content).length + (reasoning ? tokenize(reasoning).length : 0);
  const prompt = Math.ceil(job.promptChars / 1.5);
  sendJson(res, 200, {
    id: `chatcmpl-demo${Date.now().toString(36)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: job.model,
    system_fingerprint: 'fp_wanxiang_demo',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(reasoning ? { reasoning_content: reasoning } : {}) },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  });
}
