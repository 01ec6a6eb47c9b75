/**
 * Answers read with a size cap: a vendor's result download or an operator-configured source. The
 * declared length is checked first, then the bytes as they arrive; past the cap reading stops and
 * the answer is null. Transport errors are thrown as they are (each caller names its own).
 */
export async function readCappedBytes(res: Response, maxBytes: number): Promise<Buffer | null> {
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel().catch(() => {});
    return null;
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return null;
      }
      parts.push(value);
    }
  } catch (err) {
    await reader.cancel().catch(() => {});
    throw err;
  }
  return Buffer.concat(parts);
}

/** The body as UTF-8 text up to `maxBytes`; null when it is larger (not a results page: stop reading). */
export async function readCappedText(res: Response, maxBytes: number): Promise<string | null> {
  return (await readCappedBytes(res, maxBytes))?.toString('utf8') ?? null;
}
