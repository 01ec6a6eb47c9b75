import { hasPaint, rasterizeMask, type MaskStroke } from './mask-strokes';

/**
 * The mask as a PNG file: 1-bit greyscale (exactly black and white, no anti-aliased greys a
 * vendor would have to threshold), at the picture's natural size. Written here rather than
 * through a canvas so the pixels are the rasterised strokes bit for bit and the export can be
 * tested without a browser. The compression is the browser's own (CompressionStream), with
 * stored deflate blocks where that is missing (still small: one bit a pixel).
 */

export type ZlibDeflate = (data: Uint8Array) => Promise<Uint8Array>;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; i++) {
    a = (a + bytes[i]!) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** A zlib stream of stored (uncompressed) deflate blocks: valid everywhere, no compression. */
export async function storedZlib(data: Uint8Array): Promise<Uint8Array> {
  const blocks = Math.max(1, Math.ceil(data.length / 65535));
  const out = new Uint8Array(2 + blocks * 5 + data.length + 4);
  out[0] = 0x78;
  out[1] = 0x01;
  let o = 2;
  for (let i = 0; i < blocks; i++) {
    const chunk = data.subarray(i * 65535, Math.min(data.length, (i + 1) * 65535));
    out[o++] = i === blocks - 1 ? 1 : 0;
    out[o++] = chunk.length & 0xff;
    out[o++] = chunk.length >>> 8;
    out[o++] = ~chunk.length & 0xff;
    out[o++] = (~chunk.length >>> 8) & 0xff;
    out.set(chunk, o);
    o += chunk.length;
  }
  new DataView(out.buffer).setUint32(o, adler32(data));
  return out;
}

/** zlib through the platform's CompressionStream ('deflate' is the zlib format PNG wants). */
export async function streamZlib(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const defaultZlib: ZlibDeflate = (data) => (typeof CompressionStream === 'function' ? streamZlib(data) : storedZlib(data));

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A 1-bit greyscale PNG of `bits` (one byte a pixel, 1 = white). */
export async function encodeMaskPng(bits: Uint8Array, width: number, height: number, zlib: ZlibDeflate = defaultZlib): Promise<Uint8Array> {
  const rowBytes = Math.ceil(width / 8);
  const raw = new Uint8Array((rowBytes + 1) * height); // each row: filter type 0, then the packed bits
  for (let y = 0; y < height; y++) {
    const at = y * (rowBytes + 1) + 1;
    for (let x = 0; x < width; x++) {
      if (bits[y * width + x]) raw[at + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', await zlib(raw)), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * The upload for a mask field: the strokes rasterised at the picture's natural size as a PNG
 * named mask.png; null when nothing is left painted (an empty mask is no answer).
 */
export async function exportMask(strokes: readonly MaskStroke[], width: number, height: number, zlib?: ZlibDeflate): Promise<File | null> {
  const bits = rasterizeMask(strokes, width, height);
  if (!hasPaint(bits)) return null;
  const png = await encodeMaskPng(bits, width, height, zlib);
  return new File([png as Uint8Array<ArrayBuffer>], 'mask.png', { type: 'image/png' });
}
