import type { ToolExportFormat, ToolHistoryRes, ToolRunReq, ToolRunsRes } from '@wanxiang/contract';
import type { ChatStreamBody, ChatStreamOptions } from './chat-stream';
import { apiUrl, authHeaders, get, post, RequestError } from './request';
import { dispositionName } from './save-file';

/**
 * The tool registry's API (docs/api.md "Tools"; the web reads the registry itself from the contract): runs (a prompt tool streams the
 * chat events; a task tool answers {task_id}), a user's history of one tool or of all, delete and export.
 */

export type { ToolExportFormat, ToolHistoryRes, ToolRunItem, ToolRunsRes } from '@wanxiang/contract';

const runPath = (toolId: string) => `/v1/tools/${encodeURIComponent(toolId)}/run`;

/**
 * A prompt tool's run as stream options (for the answer-stream hook): the answer streams as chat
 * events (meta.messageId is the run id); a refusal before the stream (login, 次数已用尽, tier, bad
 * input, 429) comes out as one `refusal` item.
 */
export function toolRunStream(toolId: string, req: ToolRunReq): Omit<ChatStreamOptions, 'signal'> {
  // The stream client is typed for chat bodies; this route reads {inputs, model} with the same protocol.
  return { model: req.model ?? '', path: runPath(toolId), body: req as unknown as ChatStreamBody };
}

/** A task tool's run: the task is queued and its id comes back at once. Silent: the page shows refusals. */
export function submitToolTask(toolId: string, req: ToolRunReq): Promise<{ task_id: string }> {
  return post<{ task_id: string }>(runPath(toolId), req, { silent: true });
}

export function fetchToolHistory(toolId: string, page = 1): Promise<ToolHistoryRes> {
  return get<ToolHistoryRes>(`/v1/tools/${encodeURIComponent(toolId)}/history`, { page }, { silent: true });
}

/** The user's latest runs of every tool, newest first (the data board). Silent: the board shows its own empty state. */
export function fetchRecentToolRuns(rows: number, signal?: AbortSignal): Promise<ToolRunsRes> {
  return get<ToolRunsRes>('/v1/tools/runs', { page: 1, rows }, { silent: true, signal });
}

export function deleteToolRun(runId: string): Promise<unknown> {
  return post<unknown>(`/v1/tools/runs/${encodeURIComponent(runId)}/delete`);
}

/** A download of a protected file: the bytes and the name the server gave them. */
export interface DownloadedFile {
  blob: Blob;
  name: string;
}

/**
 * GET with the session headers and read the answer as a file. An envelope instead of a file
 * (not the owner, gone) throws a RequestError with the server's words.
 */
export async function fetchProtectedFile(path: string, fallbackName: string, signal?: AbortSignal): Promise<DownloadedFile> {
  const res = await fetch(path.startsWith('/api/') ? path : apiUrl(path), { headers: authHeaders(), signal, credentials: 'same-origin' });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    let msg = '';
    let code = res.status;
    try {
      const env = (await res.json()) as { code?: number; msg?: string };
      msg = env.msg ?? '';
      code = env.code ?? code;
    } catch {
      // not an envelope
    }
    throw new RequestError(code, msg);
  }
  return { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition'), fallbackName) };
}

/** GET /api/v1/tools/runs/{runId}/export?format=md|docx: the answer as a file with the AI-content footer. */
export function exportToolRun(runId: string, format: ToolExportFormat, fallbackName: string): Promise<DownloadedFile> {
  return fetchProtectedFile(apiUrl(`/v1/tools/runs/${encodeURIComponent(runId)}/export`, { format }), fallbackName);
}
