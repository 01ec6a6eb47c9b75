import { describe, expect, it } from 'vitest';
import { COVER_PLATFORMS, PENDING_ROUTES, toolByPath, type ToolSpec } from '@wanxiang/contract';
import { designHubItems } from './design-hub';
import { DESIGN_LESSONS, ratioOf } from './design-lessons';
import { galleryItems } from './gallery';

describe('设计课堂 lessons', () => {
  it('link only to built tools and state the sizes the cover tool makes', () => {
    for (const lesson of DESIGN_LESSONS) {
      expect(lesson.tips.length, lesson.id).toBeGreaterThan(0);
      for (const link of lesson.links) expect(toolByPath(link.path)?.kind, `${lesson.id} -> ${link.path}`).toMatch(/task|prompt|page/);
    }
    const sizes = DESIGN_LESSONS.find((l) => l.id === 'sizes')!.table!;
    expect(sizes.slice(1)).toEqual(COVER_PLATFORMS.map((p) => [p.platform, `${p.width} × ${p.height}`, ratioOf(p.width, p.height)]));
  });

  it('names sizes by their common ratio when they are one', () => {
    expect(ratioOf(1242, 1660)).toBe('3:4');
    expect(ratioOf(1080, 1920)).toBe('9:16');
    expect(ratioOf(1146, 717)).toBe('16:10');
    expect(ratioOf(900, 383)).toBe('2.35:1');
  });
});

describe('the AI设计 hub', () => {
  it('lists the /aiDesign tools, built first, pending ones greyed, not itself nor the classroom', () => {
    const items = designHubItems();
    const paths = items.map((i) => i.path);
    expect(paths.slice(0, 5)).toEqual(['/aiDesign/aiicon', '/aiDesign/ailogo', '/aiDesign/aicover', '/aiDesign/airedcover', '/aiDesign/aisign']);
    expect(paths).not.toContain('/aiDesign/index');
    expect(paths).not.toContain('/aiDesign/classRoom');
    expect(new Set(items.map((i) => i.title)).size).toBe(items.length);
    const firstPending = items.findIndex((i) => i.kind === 'pending');
    if (firstPending >= 0) expect(items.slice(firstPending).every((i) => i.kind === 'pending')).toBe(true);
    for (const p of PENDING_ROUTES.filter((r) => r.path.startsWith('/aiDesign/'))) expect(paths.some((x) => x === p.path) || items.some((i) => i.title === p.title)).toBe(true);
  });

  it('takes in a page under /aiDesign that names no scenario', () => {
    const poster: ToolSpec = { id: 'posterX', paths: ['/aiDesign/posterX'], title: '海报', description: '海报编辑', group: 'design', icon: '🖼️', kind: 'page', output: 'page', fields: [], quotaKey: '', points: 0 };
    const items = designHubItems(galleryItems([poster], []), [poster]);
    expect(items.map((i) => i.id)).toEqual(['posterX']);
  });
});
