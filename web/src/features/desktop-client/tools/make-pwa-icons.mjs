// Draws the PWA icons (web/public/icons/*.png) from the logo's shapes (web/public/favicon.svg):
// a violet gradient tile, a faint ring, a four-point star and two dots. No image library is
// installed here, so this rasterises with 4x4 supersampling and writes PNG with node:zlib.
// Run: node web/src/features/desktop-client/tools/make-pwa-icons.mjs
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import console from 'node:console';
import { deflateSync } from 'node:zlib';
import { resolve } from 'node:path';

const OUT = resolve(import.meta.dirname, '../../../../public/icons');
const A = [0x5b, 0x5b, 0xf6];
const B = [0xa8, 0x55, 0xf7];

/** Coverage of the logo at (x, y) in the 64-unit design space: [r, g, b, alpha]. */
function shade(x, y, { maskable }) {
  // Maskable icons keep the logo inside the central 80% safe zone and fill the whole square.
  const s = maskable ? 0.78 : 1;
  const lx = (x - 32) / s + 32;
  const ly = (y - 32) / s + 32;
  const inTile = maskable || insideRoundRect(x, y, 64, 64, 16);
  if (!inTile) return [0, 0, 0, 0];
  const t = Math.min(1, Math.max(0, (x + y) / 128));
  let c = A.map((a, i) => a + (B[i] - a) * t);
  const white = (alpha) => {
    c = c.map((v) => v + (255 - v) * alpha);
  };
  const ring = Math.abs(Math.hypot(lx - 32, ly - 32) - 19);
  if (ring <= 1.25) white(0.35);
  const sx = Math.abs(lx - 32);
  const sy = Math.abs(ly - 32);
  if (Math.cbrt(sx * sx) + Math.cbrt(sy * sy) <= Math.cbrt(15 * 15)) white(1);
  if (Math.hypot(lx - 48, ly - 17) <= 3.2) white(1);
  if (Math.hypot(lx - 16, ly - 48) <= 2.4) white(0.8);
  return [...c, 255];
}

function insideRoundRect(x, y, w, h, r) {
  const cx = Math.min(Math.max(x, r), w - r);
  const cy = Math.min(Math.max(y, r), h - r);
  return Math.hypot(x - cx, y - cy) <= r;
}

function render(size, opts) {
  const SS = 4;
  const px = Buffer.alloc(size * size * 4);
  for (let j = 0; j < size; j++)
    for (let i = 0; i < size; i++) {
      const acc = [0, 0, 0, 0];
      for (let a = 0; a < SS; a++)
        for (let b = 0; b < SS; b++) {
          const v = shade(((i + (a + 0.5) / SS) / size) * 64, ((j + (b + 0.5) / SS) / size) * 64, opts);
          // Premultiplied accumulation so edge pixels do not darken.
          acc[0] += v[0] * v[3];
          acc[1] += v[1] * v[3];
          acc[2] += v[2] * v[3];
          acc[3] += v[3];
        }
      const o = (j * size + i) * 4;
      px[o + 3] = Math.round(acc[3] / (SS * SS));
      for (let k = 0; k < 3; k++) px[o + k] = acc[3] ? Math.round(acc[k] / acc[3]) : 0;
    }
  return png(size, px);
}

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(buf) {
  let c = -1;
  for (const byte of buf) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  writeFileSync(resolve(OUT, name), render(size, { maskable }));
  console.log('wrote', name);
}
