// @vitest-environment node
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exportMask, storedZlib, streamZlib, type ZlibDeflate } from './mask-png';
import { rasterizeMask, type MaskStroke } from './mask-strokes';

/**
 * The mask a mask field uploads, decoded by an independent PNG reader (sharp): the picture's
 * natural size, white exactly where the strokes painted, black elsewhere and where erased.
 */

async function decode(file: File): Promise<{ width: number; height: number; at: (x: number, y: number) => number; white: number }> {
  const { data, info } = await sharp(Buffer.from(await file.arrayBuffer()))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
  let white = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i] === 255) white++;
  return { width: info.width, height: info.height, at, white };
}

const line = (mode: MaskStroke['mode'], radius: number, ...pts: [number, number][]): MaskStroke => ({ mode, radius, points: pts.map(([x, y]) => ({ x, y })) });

describe.each<[string, ZlibDeflate]>([
  ['CompressionStream', streamZlib],
  ['stored blocks', storedZlib],
])('mask export (%s)', (_name, zlib) => {
  it('is a PNG of the picture natural size, white where painted and black elsewhere', async () => {
    const file = await exportMask([line('paint', 5, [10, 50], [90, 50])], 120, 80, zlib);
    expect(file?.type).toBe('image/png');
    expect(file?.name).toBe('mask.png');
    const png = await decode(file!);
    expect([png.width, png.height]).toEqual([120, 80]);
    expect(png.at(50, 50)).toBe(255);
    expect(png.at(10, 50)).toBe(255);
    expect(png.at(90, 52)).toBe(255);
    expect(png.at(50, 10)).toBe(0);
    expect(png.at(3, 50)).toBe(0);
    expect(png.at(100, 50)).toBe(0);
    expect(png.at(50, 58)).toBe(0);
    // Only black and white: every pixel is one or the other, and the white ones are the stroke's band.
    const band = rasterizeMask([line('paint', 5, [10, 50], [90, 50])], 120, 80).reduce((n, b) => n + b, 0);
    expect(png.white).toBe(band);
    expect(band).toBeGreaterThan(80 * 9);
    expect(band).toBeLessThan(90 * 11 + 10);
  });

  it('keeps odd sizes exact and big masks whole (rows not a multiple of 8 bits, several stored blocks)', async () => {
    const small = await decode((await exportMask([line('paint', 1, [12.5, 6.5])], 13, 7, zlib))!);
    expect([small.width, small.height]).toEqual([13, 7]);
    expect(small.at(12, 6)).toBe(255);
    expect(small.at(11, 6)).toBe(255);
    expect(small.at(0, 0)).toBe(0);
    // 1000 x 600 at one bit a pixel is over 65535 bytes: more than one stored block.
    const big = await decode((await exportMask([line('paint', 20, [0, 590], [999, 590])], 1000, 600, zlib))!);
    expect([big.width, big.height]).toEqual([1000, 600]);
    expect(big.at(500, 590)).toBe(255);
    expect(big.at(999, 599)).toBe(255);
    expect(big.at(500, 300)).toBe(0);
  });

  it('the eraser takes paint back, and a mask erased to nothing is no upload', async () => {
    const strokes = [line('paint', 10, [30, 30]), line('erase', 4, [30, 30])];
    const png = await decode((await exportMask(strokes, 60, 60, zlib))!);
    expect(png.at(30, 30)).toBe(0); // erased centre
    expect(png.at(30, 38)).toBe(255); // the ring left of the dab
    // Undo is the strokes without the last one: the centre is painted again.
    expect((await decode((await exportMask(strokes.slice(0, 1), 60, 60, zlib))!)).at(30, 30)).toBe(255);
    expect(await exportMask([line('paint', 10, [30, 30]), line('erase', 20, [30, 30])], 60, 60, zlib)).toBeNull();
    expect(await exportMask([], 60, 60, zlib)).toBeNull();
  });
});

describe('rasterizeMask', () => {
  it('clips strokes that leave the picture and paints only inside it', () => {
    const bits = rasterizeMask([line('paint', 3, [-20, 5], [200, 5])], 10, 10);
    expect(bits.length).toBe(100);
    expect(Array.from(bits.subarray(50, 60))).toEqual(new Array(10).fill(1));
    expect(bits[0]).toBe(0);
    expect(bits[99]).toBe(0);
  });
});
