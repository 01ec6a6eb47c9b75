import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMG_EFFECTS } from '@wanxiang/contract';
import { applyEffect } from './img-effect';
import { labelImage } from './ai-label';

/** 图片特效's effects and the AI-content labels every result carries (visible mark + AIGC metadata). */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#ffcc00"/></svg>`) }])
    .png()
    .toBuffer();

/** Mean colour of the bottom-right corner (where the mark goes). */
async function cornerMean(png: Buffer, w: number, h: number): Promise<number[]> {
  const corner = await sharp(png).extract({ left: w - 40, top: h - 20, width: 36, height: 16 }).png().toBuffer();
  const { channels } = await sharp(corner).stats();
  return channels.slice(0, 3).map((c) => c.mean);
}

describe('image effects', () => {
  it('every effect of the menu answers an image of the same size, different from the input', async () => {
    const input = await picture(200, 120);
    for (const { value } of IMG_EFFECTS) {
      const out = await applyEffect(input, value);
      const meta = await sharp(out).metadata();
      expect([value, meta.width, meta.height]).toEqual([value, 200, 120]);
      if (value !== 'sharpen') expect(out.equals(input), value).toBe(false);
    }
  });

  it('the labels: a visible mark in the bottom-right corner and AIGC in XMP and EXIF, in png, jpeg and webp', async () => {
    const input = await picture(400, 240);
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const out = await (await labelImage(sharp(input), 400, 'tLabel123')).toFormat(format).toBuffer();
      const meta = await sharp(out).metadata();
      expect(meta.format).toBe(format === 'jpeg' ? 'jpeg' : format);
      expect(meta.xmp?.toString()).toContain('<TC260:AIGC>');
      expect(meta.xmp?.toString()).toContain('"ContentProducer":"万象 AI"');
      expect(meta.xmp?.toString()).toContain('"ProduceID":"tLabel123"');
      expect(meta.exif?.toString('latin1')).toContain('AIGC={"Label":"1"');
      // The dark plate with white text changes the corner's colour (its brightness alone may stay the same).
      const plain = await cornerMean(await sharp(input).png().toBuffer(), 400, 240);
      const marked = await cornerMean(await sharp(out).png().toBuffer(), 400, 240);
      expect(marked.reduce((n, v, i) => n + Math.abs(v - plain[i]!), 0)).toBeGreaterThan(30);
    }
  });

  it('a tiny image still gets a mark that fits inside it', async () => {
    const out = await (await labelImage(sharp(await picture(24, 12)), 24, 'tTiny')).png().toBuffer();
    expect(await sharp(out).metadata()).toMatchObject({ width: 24, height: 12 });
  });
});
