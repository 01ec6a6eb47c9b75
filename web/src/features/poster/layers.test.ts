import { describe, expect, it } from 'vitest';
import { POSTER_FORMATS } from '@wanxiang/contract';
import {
  addLayer,
  coverSource,
  scaleLayers,
  defaultLayers,
  exportSize,
  FONT_SIZE_MAX,
  layerAt,
  layoutLayer,
  MAX_LAYERS,
  moveLayer,
  removeLayer,
  updateLayer,
  type Measure,
} from './layers';
import { markBox } from './poster-canvas';

/** AI海报's layer model: sizes of the export, moving and editing layers, wrapping, hit tests, the background crop, the AI mark's place. */

/** A fake canvas measure: every character is half the font size wide. */
const measure: Measure = (text, font) => Array.from(text).length * (Number(/(\d+)px/.exec(font)![1]) / 2);
const copy = { title: '秋季音乐节', subtitle: '草地 · 星空 · 现场', body: '三支乐队，一个夜晚', info: '10月18日 19:00 · 滨江草坪' };

describe('poster layers', () => {
  it('exports each format at its full size', () => {
    expect(exportSize('a4')).toEqual({ width: 1240, height: 1754 });
    expect(exportSize('3:4')).toEqual({ width: 1080, height: 1440 });
    expect(exportSize('9:16')).toEqual({ width: 1080, height: 1920 });
    expect(exportSize('16:9')).toEqual({ width: 1920, height: 1080 });
    expect(exportSize('nonsense')).toEqual({ width: 1080, height: 1440 });
    for (const f of POSTER_FORMATS) expect(exportSize(f.value).width / exportSize(f.value).height).toBeCloseTo(f.width / f.height);
  });

  it('starts with title, subtitle, body and date/place layers, top to bottom, centred; empty copy gives no layer', () => {
    const size = exportSize('3:4');
    const layers = defaultLayers(size, copy);
    expect(layers.map((l) => l.role)).toEqual(['title', 'subtitle', 'body', 'info']);
    expect(layers.map((l) => l.y)).toEqual([...layers.map((l) => l.y)].sort((a, b) => a - b));
    expect(layers.every((l) => l.x === 540 && l.align === 'center')).toBe(true);
    expect(layers[0]!.fontSize).toBeGreaterThan(layers[1]!.fontSize);
    expect(defaultLayers(size, { ...copy, subtitle: ' ', body: '' }).map((l) => l.role)).toEqual(['title', 'info']);
  });

  it('moves a layer in poster pixels and keeps it on the poster', () => {
    const size = exportSize('16:9');
    const [title] = defaultLayers(size, copy);
    const moved = moveLayer(title!, 100, 50, size);
    expect([moved.x, moved.y]).toEqual([title!.x + 100, title!.y + 50]);
    expect(moved.id).toBe(title!.id);
    const far = moveLayer(title!, 99_999, 99_999, size);
    expect([far.x, far.y]).toEqual([1920, 1080 - title!.fontSize]);
    const back = moveLayer(title!, -99_999, -99_999, size);
    expect([back.x, back.y]).toEqual([0, 0]);
    // To another format: the same place by share of the poster, fonts by the short side.
    const [wide] = scaleLayers([moved], size, exportSize('9:16'));
    expect(wide!.x / 1080).toBeCloseTo(moved.x / 1920, 2);
    expect(wide!.y / 1920).toBeCloseTo(moved.y / 1080, 2);
    expect(wide!.fontSize).toBe(moved.fontSize);
  });

  it('edits, adds and removes layers; the font size stays within bounds and the layer count is capped', () => {
    const size = exportSize('3:4');
    let layers = defaultLayers(size, copy);
    const id = layers[1]!.id;
    layers = updateLayer(layers, id, { color: '#ff0000', bold: true, align: 'left', fontSize: 10_000, text: '新副标题' });
    expect(layers[1]).toMatchObject({ color: '#ff0000', bold: true, align: 'left', fontSize: FONT_SIZE_MAX, text: '新副标题' });
    const { layers: more, added } = addLayer(layers, size, '新文字');
    expect(more).toHaveLength(5);
    expect(added).toMatchObject({ role: 'custom', text: '新文字', x: 540 });
    expect(removeLayer(more, id).map((l) => l.id)).not.toContain(id);
    let full = more;
    while (full.length < MAX_LAYERS) full = addLayer(full, size, 'x').layers;
    expect(addLayer(full, size, 'x').added).toBeNull();
  });

  it('lays out lines by alignment, wraps long text, and finds the topmost layer under a point', () => {
    const size = exportSize('3:4');
    const layers = defaultLayers(size, copy);
    const [title, , body] = layers;
    const laid = layoutLayer(title!, size, measure);
    expect(laid.lines).toHaveLength(1);
    expect(laid.box.left + laid.box.width / 2).toBeCloseTo(title!.x);
    const left = layoutLayer({ ...title!, align: 'left' }, size, measure);
    expect(left.lines[0]!.left).toBe(title!.x);
    const long = layoutLayer({ ...body!, text: '很'.repeat(200) }, size, measure);
    expect(long.lines.length).toBeGreaterThan(3);
    expect(Math.max(...long.lines.map((l) => l.width))).toBeLessThanOrEqual(size.width * 0.84);
    const twoLines = layoutLayer({ ...body!, text: '第一行\n第二行' }, size, measure);
    expect(twoLines.lines.map((l) => l.text)).toEqual(['第一行', '第二行']);
    expect(layerAt(layers, { x: title!.x, y: title!.y + 10 }, size, measure)?.id).toBe(title!.id);
    expect(layerAt(layers, { x: 5, y: 1400 }, size, measure)).toBeNull();
  });

  it('crops the background to cover the poster without distortion, and keeps the AI mark inside the bottom-right corner', () => {
    expect(coverSource(1280, 720, { width: 1080, height: 1440 })).toEqual({ sx: 370, sy: 0, sw: 540, sh: 720 });
    const c = coverSource(904, 1280, { width: 1240, height: 1754 });
    expect(c.sw / c.sh).toBeCloseTo(1240 / 1754);
    const size = exportSize('9:16');
    const mark = markBox(size, () => 90);
    expect(mark.x + mark.w).toBeLessThan(size.width);
    expect(mark.y + mark.h).toBeLessThan(size.height);
    expect(mark.x).toBeGreaterThan(size.width * 0.8);
  });
});
