import type { PptSlideKind } from '@wanxiang/contract';
import { H, W, line, outline, rect, type Ground, type Pen } from './canvas';

/**
 * The decoration families of our templates, drawn with plain shapes (no images): each family
 * paints the background of one slide kind and its ornaments, behind the text the layouts add.
 */
export type DecorPainter = (p: Pen, kind: PptSlideKind, ground: Ground) => void;

/** Deep colour band: a bottom-left accent band on dark slides, a left bar and top rule on pages. */
const band: DecorPainter = (p, _kind, ground) => {
  const c = p.t.palette;
  if (ground === 'primary') {
    rect(p, 0, H - 1.1, W * 0.62, 0.22, c.accent);
    rect(p, W * 0.62, H - 1.1, W * 0.38, 0.22, c.onPrimary, 80);
    rect(p, W - 2.4, 0, 2.4, H, c.accent, 82);
    rect(p, W - 1.4, 0, 1.4, H, c.accent, 70);
  } else {
    rect(p, 0, 0, 0.18, H, c.primary);
    rect(p, 0.18, 0, 0.06, H, c.accent);
    rect(p, W - 1.6, H - 0.22, 1.6, 0.22, c.primary);
  }
};

/** Soft circles in the corners. */
const circles: DecorPainter = (p, _kind, ground) => {
  const c = p.t.palette;
  const big = ground === 'primary' ? c.onPrimary : c.muted;
  rect(p, W - 3.4, -1.6, 4.6, 4.6, big, ground === 'primary' ? 85 : 30, 'ellipse');
  rect(p, W - 1.9, 2.7, 2.6, 2.6, c.accent, ground === 'primary' ? 55 : 70, 'ellipse');
  rect(p, -0.9, H - 1.5, 2.2, 2.2, c.accent, ground === 'primary' ? 70 : 80, 'ellipse');
  outline(p, 0.35, 0.3, 0.55, 0.55, ground === 'primary' ? c.onPrimary : c.accent, 1.5, 'ellipse', 30);
};

/** Double frame with corner blocks and a seal, after traditional book covers. */
const frame: DecorPainter = (p, kind, ground) => {
  const c = p.t.palette;
  const m = ground === 'primary' ? 0.25 : 0.18;
  outline(p, m, m, W - 2 * m, H - 2 * m, c.accent, 2);
  outline(p, m + 0.09, m + 0.09, W - 2 * m - 0.18, H - 2 * m - 0.18, c.accent, 0.75);
  for (const [x, y] of [
    [m - 0.06, m - 0.06],
    [W - m - 0.18, m - 0.06],
    [m - 0.06, H - m - 0.18],
    [W - m - 0.18, H - m - 0.18],
  ] as const) {
    rect(p, x, y, 0.24, 0.24, c.accent);
  }
  if (ground === 'primary') {
    rect(p, W / 2 - 1.6, H - 0.95, 3.2, 0.04, c.accent);
    if (kind === 'title') rect(p, W - 1.55, 0.7, 0.7, 0.7, c.accent, 0, 'rect', { rotate: 45 });
  } else {
    rect(p, W - 0.95, H - 0.95, 0.42, 0.42, c.primary);
  }
};

/** Fine grid lines, a glowing rule and small squares. */
const grid: DecorPainter = (p, _kind, ground) => {
  const c = p.t.palette;
  for (let x = 0.5; x < W; x += 0.5) line(p, x, 0, 0, H, c.muted, 0.5, ground === 'primary' ? 20 : 40);
  for (let y = 0.5; y < H; y += 0.5) line(p, 0, y, W, 0, c.muted, 0.5, ground === 'primary' ? 20 : 40);
  rect(p, 0, H - 0.06, W, 0.06, c.accent);
  rect(p, W - 1.1, 0.45, 0.18, 0.18, c.accent);
  rect(p, W - 0.8, 0.45, 0.18, 0.18, c.accent, 50);
  rect(p, W - 0.5, 0.45, 0.18, 0.18, c.accent, 75);
  if (ground === 'primary') outline(p, W - 3.3, 1.3, 2.4, 2.4, c.accent, 1.25, 'hexagon', 20);
};

/** Bold diagonal blocks from the right edge. */
const diagonal: DecorPainter = (p, _kind, ground) => {
  const c = p.t.palette;
  if (ground === 'primary') {
    rect(p, W - 4.2, 0, 4.2, H, c.accent, 20, 'rtTriangle', { flipH: true });
    rect(p, W - 2.6, 0, 2.6, H, c.onPrimary, 75, 'rtTriangle', { flipH: true });
  } else {
    rect(p, W - 1.9, H - 1.5, 1.9, 1.5, c.primary, 0, 'rtTriangle', { flipH: true });
    rect(p, W - 1.1, H - 2.2, 1.1, 2.2, c.accent, 30, 'rtTriangle', { flipH: true });
    rect(p, 0, 0, 2.2, 0.12, c.accent);
  }
};

/** A ribbon along the top with a chevron, and a side panel on dark slides. */
const ribbon: DecorPainter = (p, _kind, ground) => {
  const c = p.t.palette;
  if (ground === 'primary') {
    rect(p, 0, 0, 0.7, H, c.accent, 35);
    rect(p, 0.7, 0, 0.08, H, c.onPrimary, 60);
    rect(p, W - 2.1, H - 0.9, 1.6, 0.4, c.accent, 0, 'chevron');
    rect(p, W - 1.3, H - 0.9, 1.6, 0.4, c.onPrimary, 60, 'chevron');
  } else {
    rect(p, 0, 0, W, 0.32, c.muted);
    rect(p, 0.5, 0, 1.3, 0.32, c.accent, 0, 'chevron');
    rect(p, 0, H - 0.08, W, 0.08, c.primary);
  }
};

export const DECOR_PAINTERS: Record<string, DecorPainter> = { band, circles, frame, grid, diagonal, ribbon };
