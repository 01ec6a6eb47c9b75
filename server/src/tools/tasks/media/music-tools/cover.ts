import sharp from 'sharp';
import { AIGC_VIDEO_MARK } from '../../../../infra/av';
import { seeded } from '../../../../infra/music/demo-song';

/**
 * A song's cover when the vendor drew none: a 768² PNG drawn with sharp from SVG, a seeded
 * gradient with soft circles, the title and the AI mark (演示 added in demo mode).
 */

const PALETTES = [
  ['#0f2027', '#2c5364', '#7fdbda'],
  ['#42275a', '#734b6d', '#f8b195'],
  ['#1d2b64', '#f8cdda', '#ffffff'],
  ['#134e5e', '#71b280', '#f6f7d7'],
  ['#3a1c71', '#d76d77', '#ffaf7b'],
];

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function drawCover(title: string, seed: number, demo: boolean): Promise<Buffer> {
  const rand = seeded(seed);
  const [a, b, c] = PALETTES[Math.floor(rand() * PALETTES.length)]!;
  const circles = Array.from({ length: 6 }, () => {
    const r = 60 + rand() * 220;
    return `<circle cx="${(rand() * 768).toFixed(0)}" cy="${(rand() * 768).toFixed(0)}" r="${r.toFixed(0)}" fill="${c}" opacity="${(0.08 + rand() * 0.18).toFixed(2)}"/>`;
  }).join('');
  const name = title.slice(0, 12);
  const size = name.length > 8 ? 64 : 84;
  const mark = demo ? `${AIGC_VIDEO_MARK} · 演示` : AIGC_VIDEO_MARK;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="768" height="768" fill="url(#g)"/>${circles}
<circle cx="384" cy="330" r="150" fill="none" stroke="${c}" stroke-width="6" opacity="0.7"/>
<circle cx="384" cy="330" r="24" fill="${c}" opacity="0.8"/>
<text x="384" y="580" font-family="Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif" font-size="${size}" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(name)}</text>
<rect x="560" y="712" width="196" height="40" rx="8" fill="#000000" opacity="0.45"/>
<text x="658" y="740" font-family="Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif" font-size="22" fill="#ffffff" text-anchor="middle">${esc(mark)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
