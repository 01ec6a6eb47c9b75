/** Fetch for user-supplied URLs: SSRF-checked, DNS pinned, redirects re-checked, byte and time caps. */
export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface SafeResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type SafeFetch = (url: string, opts?: SafeFetchOptions) => Promise<SafeResponse>;

export function createSafeFetch(_opts: { allow: string[] }): SafeFetch {
  return async () => {
    throw new Error('not built yet');
  };
}
