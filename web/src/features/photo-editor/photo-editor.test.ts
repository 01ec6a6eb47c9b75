import { describe, expect, it } from 'vitest';
import { applyAdjustments, isNeutral, NEUTRAL, toneTable } from './adjust';
import { centeredRatioRect, fitTo, fitWithin, imageBoxOnCanvas, insideBox, lineCentres, ratioValue, selectionToSource } from './geometry';
import { pushHistory, redoHistory, startHistory, undoHistory, type HistoryLimits } from './history';
import { baseName, pickProblem, validFileId } from './load-source';
import { fontPx, textLines } from './text-draft';

/** The photo editor's own logic: undo history bounds, pixel maths, the cropper's coordinates, inputs. */

const limits = (maxSteps: number, maxWeight = Infinity): HistoryLimits<number> => ({ maxSteps, maxWeight, weight: (n) => n });

describe('history', () => {
  it('undoes and redoes, and a new edit drops the redo branch', () => {
    let h = startHistory(1);
    h = pushHistory(h, 2, limits(10));
    h = pushHistory(h, 3, limits(10));
    h = undoHistory(undoHistory(h));
    expect(h.present).toBe(1);
    expect(h.future).toEqual([2, 3]);
    h = redoHistory(h);
    expect(h.present).toBe(2);
    h = pushHistory(h, 9, limits(10));
    expect(h).toEqual({ past: [1, 2], present: 9, future: [] });
    expect(redoHistory(h)).toBe(h);
    expect(undoHistory(startHistory(5)).present).toBe(5);
  });

  it('forgets the oldest steps past the step and weight limits, but keeps one undo', () => {
    let h = startHistory(1);
    for (let i = 2; i <= 6; i++) h = pushHistory(h, i, limits(3));
    expect(h.past).toEqual([3, 4, 5]);
    // Weights 10 + 10 + 10 over a budget of 25: the oldest goes.
    h = pushHistory(pushHistory(startHistory(10), 10, limits(9, 25)), 10, limits(9, 25));
    expect(h.past).toHaveLength(1);
    // One picture alone over the budget still leaves its one undo step.
    expect(pushHistory(startHistory(100), 100, limits(9, 50)).past).toEqual([100]);
  });
});

describe('adjustments', () => {
  const pixel = (r: number, g: number, b: number, a = 255) => new Uint8ClampedArray([r, g, b, a]);

  it('leaves the pixels alone when neutral and never touches alpha', () => {
    const p = pixel(10, 20, 30, 77);
    applyAdjustments(p, NEUTRAL);
    expect([...p]).toEqual([10, 20, 30, 77]);
    applyAdjustments(p, { ...NEUTRAL, brightness: 50 });
    expect(p[3]).toBe(77);
    expect(isNeutral({ ...NEUTRAL, filter: 'sepia' })).toBe(false);
  });

  it('brightness multiplies, contrast spreads around mid-grey, both clamped', () => {
    expect(toneTable(50, 0)[100]).toBe(150);
    expect(toneTable(-100, 0)[200]).toBe(0);
    expect(toneTable(0, 100)[200]).toBe(255);
    expect(toneTable(0, 100)[100]).toBe(72);
    expect(toneTable(0, -100)[30]).toBe(128);
  });

  it('saturation -100 and the black-and-white filter give grey; +100 pushes colours apart', () => {
    const grey = pixel(200, 100, 50);
    applyAdjustments(grey, { ...NEUTRAL, saturation: -100 });
    expect(grey[0]).toBe(grey[1]);
    expect(grey[1]).toBe(grey[2]);
    const bw = pixel(200, 100, 50);
    applyAdjustments(bw, { ...NEUTRAL, filter: 'grayscale' });
    expect([...bw]).toEqual([...grey]);
    const vivid = pixel(150, 100, 100);
    applyAdjustments(vivid, { ...NEUTRAL, saturation: 100 });
    expect((vivid[0] as number) - (vivid[1] as number)).toBeGreaterThan(50);
  });

  it('sepia warms a grey pixel', () => {
    const p = pixel(100, 100, 100);
    applyAdjustments(p, { ...NEUTRAL, filter: 'sepia' });
    expect(p[0]).toBeGreaterThan(p[2] as number);
  });
});

describe('geometry', () => {
  it('fits the longer side without enlarging', () => {
    expect(fitWithin({ width: 8000, height: 4000 }, 4096)).toEqual({ width: 4096, height: 2048 });
    expect(fitWithin({ width: 300, height: 200 }, 4096)).toEqual({ width: 300, height: 200 });
    expect(fitTo({ width: 30, height: 20 }, 1600)).toEqual({ width: 1600, height: 1067 });
  });

  it("finds the cropper picture's box from its matrix about the centre", () => {
    // A 1000×500 picture shown at half size, centred in a 700×400 canvas.
    const box = imageBoxOnCanvas([0.5, 0, 0, 0.5, -150, -75], { width: 1000, height: 500 });
    expect(box).toEqual({ x: 100, y: 50, width: 500, height: 250 });
  });

  it('maps a selection on the shown copy to full-resolution pixels, clamped to the picture', () => {
    const box = { x: 100, y: 50, width: 500, height: 250 };
    expect(selectionToSource({ x: 100, y: 50, width: 250, height: 125 }, box, { width: 4000, height: 2000 })).toEqual({ x: 0, y: 0, width: 2000, height: 1000 });
    expect(selectionToSource({ x: 90, y: 40, width: 1000, height: 1000 }, box, { width: 4000, height: 2000 })).toEqual({ x: 0, y: 0, width: 4000, height: 2000 });
    expect(selectionToSource({ x: 0, y: 0, width: 50, height: 20 }, box, { width: 4000, height: 2000 })).toBeNull();
  });

  it('centres the largest selection of a ratio and checks it stays inside', () => {
    const box = { x: 0, y: 0, width: 400, height: 200 };
    expect(centeredRatioRect(box, 1)).toEqual({ x: 100, y: 0, width: 200, height: 200 });
    const free = centeredRatioRect(box, null, 0.5);
    expect(free).toEqual({ x: 100, y: 50, width: 200, height: 100 });
    expect(insideBox(free, box)).toBe(true);
    expect(insideBox({ x: -5, y: 0, width: 10, height: 10 }, box)).toBe(false);
    expect(ratioValue('original', { width: 300, height: 200 })).toBe(1.5);
    expect(ratioValue(null, { width: 300, height: 200 })).toBeNull();
  });

  it('stacks text lines around the centre', () => {
    expect(lineCentres(100, 2, 20)).toEqual([90, 110]);
    expect(lineCentres(100, 1, 20)).toEqual([100]);
  });
});

describe('text and sources', () => {
  it('sizes text by the shorter side and splits lines', () => {
    expect(fontPx({ sizePct: 10 }, { width: 2000, height: 1000 })).toBe(100);
    expect(fontPx({ sizePct: 2 }, { width: 100, height: 100 })).toBe(6);
    expect(textLines('  ')).toEqual([]);
    expect(textLines('第一行\r\n第二行')).toEqual(['第一行', '第二行']);
  });

  it('accepts pictures only, up to 30 MB, and stored ids of 32 hex characters', () => {
    expect(pickProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(pickProblem({ name: 'a.heic', type: '', size: 1000 })).toBe('请选择 PNG、JPG、WebP、GIF 或 BMP 格式的图片');
    expect(pickProblem({ name: 'a.JPG', type: '', size: 1000 })).toBeNull();
    expect(pickProblem({ name: 'a.pdf', type: 'application/pdf', size: 1000 })).not.toBeNull();
    expect(pickProblem({ name: 'a.png', type: 'image/png', size: 31 * 1024 * 1024 })).toBe('图片不能超过 30MB');
    expect(validFileId('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(validFileId('../etc/passwd')).toBe(false);
    expect(baseName('旅行照片.JPEG')).toBe('旅行照片');
    expect(baseName('.png')).toBe('图片');
  });
});
