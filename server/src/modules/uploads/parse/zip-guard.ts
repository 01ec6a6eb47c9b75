/**
 * A look at a zip's central directory before any library inflates it (DOCX, XLSX, PPTX, EPUB are
 * zips). Inflated bytes live outside the worker's V8 heap limit, so a zip bomb is refused here by
 * the sizes it declares. Zip64 archives are refused too: no office document of 10 MB needs them.
 */
export const ZIP_MAX_INFLATED_BYTES = 200 * 1024 * 1024;
export const ZIP_MAX_ENTRIES = 10_000;

/** Total declared uncompressed size, or null when the archive is unreadable, zip64 or too big. */
export function zipInflatedSize(data: Uint8Array): number | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // End of central directory: 22 bytes plus a comment of at most 65535.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  const offset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || offset === 0xffffffff || entries > ZIP_MAX_ENTRIES) return null;
  let total = 0;
  let p = offset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > data.length || view.getUint32(p, true) !== 0x02014b50) return null;
    const size = view.getUint32(p + 24, true);
    if (size === 0xffffffff) return null;
    total += size;
    if (total > ZIP_MAX_INFLATED_BYTES) return null;
    p += 46 + view.getUint16(p + 28, true) + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
  }
  return total;
}
