/**
 * Read a fetch answer's body as UTF-8 text up to `maxBytes`, for adapters that call operator-
 * configured sources with plain fetch; null when it is larger (not a results page: stop reading).
 */
export async function readCappedText(res: Response, maxBytes: number): Promise<string | null> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString('utf8');
}
