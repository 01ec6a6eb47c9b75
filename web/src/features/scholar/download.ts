import { SCHOLAR_DOWNLOAD_PATH } from '../../api/scholar';
import { apiUrl, authHeaders } from '../../api/request';
import { dispositionName, saveBlob } from '../../api/save-file';

/**
 * Download a result's document through the server (downUrl(url, file)), reporting progress
 * (0..1, or null when the size is unknown), then hand it to the browser as a file. Throws when
 * the server refuses (an envelope instead of a file) or the transfer breaks.
 */
export async function downloadDocument(url: string, onProgress: (p: number | null) => void, signal?: AbortSignal): Promise<void> {
  const res = await fetch(apiUrl(SCHOLAR_DOWNLOAD_PATH, { url }), { headers: authHeaders(), signal });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json') || !res.body) throw new Error('download refused');
  const total = Number(res.headers.get('content-length') ?? NaN);
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress(Number.isFinite(total) && total > 0 ? 0 : null);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    loaded += value.byteLength;
    if (Number.isFinite(total) && total > 0) onProgress(Math.min(1, loaded / total));
  }
  onProgress(1);
  const blob = new Blob(parts, { type });
  saveBlob(blob, dispositionName(res.headers.get('content-disposition'), 'document'));
}
