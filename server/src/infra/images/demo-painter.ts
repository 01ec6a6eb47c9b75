import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_OPS, type ImageAdapter, type ImageJob, type ImageResult } from './types';

/**
 * The demo painter (demo mode: no vendor key): every operation works end to end on this machine,
 * with real pictures that follow the request (the prompt's words, the style, the size, the seed)
 * and say 演示 on them, so nobody mistakes them for a model's work. Generating paints a scene from
 * a palette chosen by the prompt and style; edits work on the given picture with sharp.
 * `[demo:error=500]` in the prompt is handled by the caller (the task fails and refunds).
 */

const DEMO_MARK = '演示';

/** Palettes for our style presets; other styles pick one by the prompt's hash. */
const STYLE_PALETTES: Record<string, [string, string, string]> = {
  水墨: ['#f4f1ea', '#9a968c', '#2b2b2b'],
  国潮: ['#c8102e', '#f2b134', '#1d3557'],
  油画: ['#d9a441', '#6b8e23', '#3b5998'],
  年画: ['#e63946', '#ffd166', '#06d6a0'],
  Q版: ['#ffc8dd', '#bde0fe', '#a2d2ff'],
  暗黑童话: ['#1b1b2f', '#533483', '#e94560'],
  治愈系: ['#fefae0', '#a8dadc', '#ffb4a2'],
  简笔画: ['#ffffff', '#dddddd', '#222222'],
};
const PALETTES: [string, string, string][] = [
  ['#0f2027', '#2c5364', '#f9d423'],
  ['#ff9a8b', '#ff6a88', '#ff99ac'],
  ['#a1c4fd', '#c2e9fb', '#3a7bd5'],
  ['#d4fc79', '#96e6a1', '#2d6a4f'],
  ['#fbc2eb', '#a6c1ee', '#5f0a87'],
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A deterministic number stream from a key such as the prompt and seed (same request, same picture). */
export function stream(key: string): () => number {
  let h = createHash('sha256').update(key).digest();
  let i = 0;
  return () => {
    if (i + 4 > h.length) {
      h = createHash('sha256').update(h).digest();
      i = 0;
    }
    const v = h.readUInt32BE(i) / 0xffffffff;
    i += 4;
    return v;
  };
}

function paletteFor(job: ImageJob, rnd: () => number): [string, string, string] {
  if (job.style && STYLE_PALETTES[job.style]) return STYLE_PALETTES[job.style]!;
  return PALETTES[Math.floor(rnd() * PALETTES.length) % PALETTES.length]!;
}

/** A scene: sky gradient, sun or moon, layered hills, and the prompt's words as a caption. */
export function sceneSvg(job: ImageJob, index: number): string {
  const { width: w, height: h } = job;
  const rnd = stream(`${job.prompt}|${job.style ?? ''}|${job.seed ?? 0}|${index}`);
  const [a, b, c] = paletteFor(job, rnd);
  const hills = Array.from({ length: 3 }, (_, k) => {
    const base = h * (0.55 + k * 0.12);
    const pts = Array.from({ length: 7 }, (_, j) => `${(w * j) / 6},${base - rnd() * h * 0.18}`).join(' ');
    return `<polygon points="0,${h} ${pts} ${w},${h}" fill="${k === 2 ? c : b}" opacity="${0.45 + k * 0.2}"/>`;
  }).join('');
  const sun = `<circle cx="${w * (0.2 + rnd() * 0.6)}" cy="${h * (0.18 + rnd() * 0.15)}" r="${Math.min(w, h) * (0.07 + rnd() * 0.05)}" fill="${c}" opacity="0.85"/>`;
  const caption = esc(job.prompt.replace(/\s+/g, ' ').slice(0, 40));
  const font = Math.max(12, Math.round(Math.min(w, h) / 22));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>${sun}${hills}` +
    `<text x="${w / 2}" y="${h - font * 1.2}" font-family="sans-serif" font-size="${font}" text-anchor="middle" fill="#fff" stroke="#000" stroke-opacity="0.35" stroke-width="${font / 12}">${caption}</text>` +
    `</svg>`
  );
}

/** The 演示 plate in the top-left corner (the AI生成 mark goes bottom-right later); the design tools put it back where their layout cut the corner off. */
export async function demoMark(width: number): Promise<Buffer> {
  const size = Math.max(10, Math.round(width / 30));
  const text = await sharp({ text: { text: `<span foreground="white">${DEMO_MARK}</span>`, font: `sans bold ${size}`, rgba: true, dpi: 72 } })
    .png()
    .toBuffer();
  const m = await sharp(text).metadata();
  const pad = Math.max(3, Math.round(size / 3));
  return sharp({ create: { width: m.width! + 2 * pad, height: m.height! + 2 * pad, channels: 4, background: { r: 220, g: 38, b: 38, alpha: 0.8 } } })
    .composite([{ input: text, top: pad, left: pad }])
    .png()
    .toBuffer();
}

async function finish(img: Buffer): Promise<ImageResult> {
  const { width = 1, height = 1 } = await sharp(img).metadata();
  let mark = await demoMark(width);
  const m = await sharp(mark).metadata();
  if (m.width! > width || m.height! > height) mark = await sharp(mark).resize({ width, height, fit: 'inside' }).png().toBuffer();
  const bytes = await sharp(img).composite([{ input: mark, left: 0, top: 0 }]).png().toBuffer();
  return { bytes, mime: 'image/png', width, height };
}

/** What the painter does to a given picture for each editing operation. */
async function edit(job: ImageJob, index: number): Promise<Buffer> {
  const src = job.image!;
  const img = sharp(src.bytes).removeAlpha();
  switch (job.op) {
    case 'upscale': {
      const s = job.scale ?? 2;
      return img.resize({ width: src.width * s, height: src.height * s, kernel: 'lanczos3' }).sharpen().png().toBuffer();
    }
    case 'colorize':
      return img.grayscale().tint({ r: 200, g: 160, b: 120 }).modulate({ saturation: 1.4 }).png().toBuffer();
    case 'matting': {
      // Keep the centre ellipse, clear the rest: a PNG with a real alpha channel.
      const mask = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${src.width}" height="${src.height}"><ellipse cx="${src.width / 2}" cy="${src.height / 2}" rx="${src.width * 0.38}" ry="${src.height * 0.45}" fill="#fff"/></svg>`,
      );
      const alpha = await sharp(mask).resize(src.width, src.height).extractChannel(0).toBuffer();
      return sharp(await img.toBuffer()).joinChannel(alpha).png().toBuffer();
    }
    case 'expand': {
      const e = job.expand ?? { top: 0, right: 0, bottom: 0, left: 0 };
      const bg = await sharp(src.bytes).resize(src.width + e.left + e.right, src.height + e.top + e.bottom, { fit: 'fill' }).blur(20).png().toBuffer();
      return sharp(bg).composite([{ input: await img.png().toBuffer(), left: e.left, top: e.top }]).png().toBuffer();
    }
    case 'inpaint': {
      // The masked part is replaced by a blurred copy of the picture: the marks are gone, the colours stay.
      const blurred = await sharp(src.bytes).removeAlpha().blur(Math.max(8, src.width / 40)).png().toBuffer();
      const maskAlpha = await sharp(job.mask!.bytes).resize(src.width, src.height, { fit: 'fill' }).grayscale().extractChannel(0).toBuffer();
      const patch = await sharp(blurred).joinChannel(maskAlpha).png().toBuffer();
      return sharp(await img.png().toBuffer()).composite([{ input: patch }]).png().toBuffer();
    }
    default: {
      // img2img, edit, lineart, pose, depth, qrcode: the scene painted over the reference's shapes.
      const scene = await sharp(Buffer.from(sceneSvg({ ...job, width: src.width, height: src.height }, index))).png().toBuffer();
      const ref = await img.resize(src.width, src.height).grayscale().png().toBuffer();
      const keep = 1 - Math.min(1, Math.max(0, job.strength ?? 0.6));
      return sharp(scene)
        .composite([{ input: ref, blend: 'multiply' }])
        .composite([{ input: await sharp(ref).ensureAlpha(keep).png().toBuffer(), blend: 'over' }])
        .png()
        .toBuffer();
    }
  }
}

export function createDemoPainter(): ImageAdapter {
  return {
    vendor: 'demo',
    supports: (op) => (IMAGE_OPS as readonly string[]).includes(op),
    async run(job, ctx) {
      const out: ImageResult[] = [];
      const count = job.image ? 1 : Math.max(1, Math.min(4, job.count));
      for (let i = 0; i < count; i++) {
        ctx.signal.throwIfAborted();
        await ctx.progress(Math.round((i / count) * 100), count > 1 ? `绘制第 ${i + 1} 张` : '绘制中');
        const bytes = job.image ? await edit(job, i) : await sharp(Buffer.from(sceneSvg(job, i))).png().toBuffer();
        out.push(await finish(bytes));
      }
      await ctx.progress(100);
      return out;
    },
  };
}
