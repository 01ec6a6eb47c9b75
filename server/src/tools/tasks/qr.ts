import jsQR from 'jsqr';
import { create } from 'qrcode';
import sharp from 'sharp';
import type { ImageInput } from '../../infra/images/types';

/**
 * The plain QR code an art QR code is painted from (drawn by the `qrcode` package with the highest
 * error correction, H: 30% of the code may be covered by the picture), and the check that a
 * finished picture still scans (the `jsqr` reader, the same decoding a phone's camera does).
 */

/**
 * Share of the picture's side the code takes, centred: the quiet zone around it keeps the corner
 * marks (演示 top-left, AI生成 bottom-right) off the finder patterns.
 */
const CODE_SHARE = 0.66;

/** The code as a size×size PNG: black modules on white, centred with a wide quiet zone. */
export async function plainQrCode(text: string, size: number): Promise<ImageInput> {
  const qr = create(text, { errorCorrectionLevel: 'H' });
  const n = qr.modules.size;
  const cell = Math.max(1, Math.floor((size * CODE_SHARE) / n));
  const offset = Math.floor((size - cell * n) / 2);
  const rects: string[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) rects.push(`<rect x="${offset + col * cell}" y="${offset + row * cell}" width="${cell}" height="${cell}"/>`);
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><g fill="#000">${rects.join('')}</g></svg>`;
  const bytes = await sharp(Buffer.from(svg)).png().toBuffer();
  return { bytes, mime: 'image/png', width: size, height: size };
}

/** Sides the reader tries: as painted, then smaller (a camera sees a whole picture from afar; fine texture then blurs away). */
const READ_SIDES = [0, 768, 512];

/** The text a picture's QR code carries, or null when no reader pass finds one. */
export async function readQrCode(picture: Buffer): Promise<string | null> {
  for (const side of READ_SIDES) {
    let img = sharp(picture).flatten({ background: '#ffffff' });
    if (side) img = img.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, { inversionAttempts: 'attemptBoth' });
    if (found) return found.data;
  }
  return null;
}
