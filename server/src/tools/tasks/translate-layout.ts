import { MSG } from '@wanxiang/contract';
import { TaskFailure } from '../../jobs';

/**
 * The layout-preserving PDF engine (PDF翻译 版式保留): an adapter to a PDFMathTranslate / BabelDOC
 * HTTP service the operator runs (DOC_TRANSLATE_LAYOUT_URL; off when unset; docs/config.md). Its
 * API (PDFMathTranslate's docs/APIS.md):
 *   POST {base}/v1/translate           multipart file + data={"lang_in","lang_out","service"?} -> {id}
 *   GET  {base}/v1/translate/{id}      {state: PENDING|PROGRESS|SUCCESS|FAILURE, info?: {n, total}}
 *   GET  {base}/v1/translate/{id}/mono the translated PDF; /dual: original and translation side by side
 * The service's task id is kept on our task (a restarted attempt polls it instead of sending the
 * file again); an unknown state counts as still running (the task's deadline ends one that never
 * finishes); the PDFs are downloaded at once into our file store.
 */

export interface LayoutSettings {
  baseUrl?: string;
  apiKey?: string;
  /** The engine's translation service (its `service` field: openai, deepseek, google...); unset = its default. */
  service?: string;
}

export interface LayoutJob {
  data: Buffer;
  fileName: string;
  source: string;
  target: string;
  /** An id from an earlier attempt, to poll instead of submitting again. */
  remoteId?: string;
  signal: AbortSignal;
  onSubmitted(remoteId: string): Promise<void>;
  onProgress(done: number, total: number): Promise<void>;
  pollMs?: number;
}

export const layoutEnabled = (s: LayoutSettings): boolean => Boolean(s.baseUrl);

const fail = (cause?: unknown): TaskFailure => {
  const f = new TaskFailure(MSG.docTranslateLayoutFailed);
  if (cause) f.cause = cause;
  return f;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

/** Send the PDF (or resume an earlier submission), wait for it, answer the translated and the side-by-side PDFs. */
export async function translateWithLayoutEngine(s: LayoutSettings, job: LayoutJob): Promise<{ mono: Buffer; dual: Buffer | null }> {
  if (!s.baseUrl) throw new TaskFailure(MSG.docTranslateLayoutOff);
  const base = s.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {};
  const call = async (path: string, init: RequestInit = {}) => {
    try {
      const res = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) }, signal: AbortSignal.any([job.signal, AbortSignal.timeout(60_000)]) });
      if (!res.ok) throw fail(new Error(`layout engine ${path}: HTTP ${res.status}`));
      return res;
    } catch (err) {
      job.signal.throwIfAborted();
      throw err instanceof TaskFailure ? err : fail(err);
    }
  };

  let id = job.remoteId;
  if (!id) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(job.data)], { type: 'application/pdf' }), job.fileName);
    const data: Record<string, string> = { lang_out: job.target };
    if (job.source !== 'auto') data.lang_in = job.source;
    if (s.service) data.service = s.service;
    form.append('data', JSON.stringify(data));
    const answer = (await (await call('/v1/translate', { method: 'POST', body: form })).json().catch(() => null)) as { id?: unknown } | null;
    if (!answer || typeof answer.id !== 'string' || !answer.id) throw fail(new Error('layout engine answered no id'));
    id = answer.id;
    await job.onSubmitted(id);
  }
  const path = `/v1/translate/${encodeURIComponent(id)}`;
  let wait = job.pollMs ?? 1000;
  for (;;) {
    const status = (await (await call(path)).json().catch(() => ({}))) as { state?: unknown; info?: { n?: unknown; total?: unknown } };
    if (status.state === 'SUCCESS') break;
    if (status.state === 'FAILURE') throw fail(new Error('layout engine reported FAILURE'));
    const n = Number(status.info?.n);
    const total = Number(status.info?.total);
    if (Number.isFinite(n) && Number.isFinite(total) && total > 0) await job.onProgress(n, total);
    await sleep(wait, job.signal);
    wait = Math.min(wait * 1.5, 5000);
  }
  const pdf = async (kind: 'mono' | 'dual') => {
    const bytes = Buffer.from(await (await call(`${path}/${kind}`)).arrayBuffer());
    return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? bytes : null;
  };
  const mono = await pdf('mono');
  if (!mono) throw fail(new Error('layout engine answered no PDF'));
  const dual = await pdf('dual').catch(() => null);
  return { mono, dual };
}
