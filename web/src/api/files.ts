import { LIMITS, MSG, type StoredFile } from '@wanxiang/contract';
import { apiUrl, authHeaders, RequestError } from './request';

/** The file store's API (docs/api.md "Files"): uploads with byte progress; files are read by their owner only. */

export type { StoredFile } from '@wanxiang/contract';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadHandle {
  done: Promise<StoredFile>;
  abort: () => void;
}

/**
 * POST /api/v1/files/upload (multipart field `file`) with the upload's byte progress. fetch has no
 * upload progress events, so this one call uses XMLHttpRequest with the request layer's headers.
 * Rejects with a RequestError carrying the server's Chinese message (too big, bad type, login).
 */
export function uploadFile(file: File, onProgress: (p: UploadProgress) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<StoredFile>((resolve, reject) => {
    xhr.open('POST', apiUrl('/v1/files/upload'));
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.timeout = LIMITS.requestTimeoutMs;
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      const body = parseEnvelope(xhr.responseText);
      if (body?.code === 200 && body.data) resolve(body.data);
      else reject(new RequestError(body?.code ?? xhr.status, body?.msg || MSG.toolFormUploadFailed, body));
    };
    xhr.onerror = () => reject(new RequestError(504, MSG.networkError));
    xhr.ontimeout = () => reject(new RequestError(504, MSG.timeout));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

type UploadEnvelope = { code?: number; msg?: string; data?: StoredFile } | null;

function parseEnvelope(text: string): UploadEnvelope {
  try {
    return JSON.parse(text) as UploadEnvelope;
  } catch {
    return null;
  }
}
