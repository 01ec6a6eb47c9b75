import { describe, expect, it } from 'vitest';
import { TOOLS_MSG } from '../msg/tools';
import { FACE_TOOL_IDS, IMAGE_TOOLS } from './images';
import { IMAGE_STYLES } from './images-styles';
import { checkToolInputs } from './inputs';
import { PENDING_ROUTES } from './pending';

const tool = (id: string) => IMAGE_TOOLS.find((t) => t.id === id)!;
const DRAW_KEYS = ['draw', 'draw_enhance', 'draw_matting', 'draw_qrcode', 'draw_face'];

describe('the image tools of the registry', () => {
  it('are task tools named by their route, metered by the draw keys, with no /draw route left pending but 在线修图', () => {
    for (const t of IMAGE_TOOLS) {
      expect(t.kind, t.id).toBe('task');
      expect(t.output, t.id).toBe(t.id === 'ImageReversWord' ? 'file' : 'image');
      expect(DRAW_KEYS, t.id).toContain(t.quotaKey);
      // A /draw route's tool id is the route's last segment (/draw/matting is 智能抠图's own path).
      const home = t.paths[0]!;
      if (home !== '/draw/matting') expect(home.split('/').at(-1), t.id).toBe(t.id);
    }
    expect(PENDING_ROUTES.filter((p) => p.path.startsWith('/draw') || p.path === '/newdraw' || p.path === '/photo')).toEqual([]);
    expect(tool('text2image').paths).toEqual(expect.arrayContaining(['/draw', '/draw/home', '/newdraw', '/draw/aiPaintCreation', '/draw/vincenHandlerImage']));
  });

  it('gives the face tools a required consent line and the draw_face key, and no other tool either', () => {
    for (const t of IMAGE_TOOLS) {
      const consent = t.fields.find((f) => f.type === 'consent');
      expect(Boolean(consent?.required), t.id).toBe(FACE_TOOL_IDS.includes(t.id));
      expect(t.quotaKey === 'draw_face', t.id).toBe(FACE_TOOL_IDS.includes(t.id));
    }
  });

  it('checks the image forms: our style presets, size ratios, a count of 1-4, a 1000-character prompt, masks and ticks', () => {
    const t2i = tool('text2image');
    expect(t2i.fields.find((f) => f.name === 'style')!.options!.map((o) => o.value)).toEqual(['无', ...IMAGE_STYLES]);
    expect(checkToolInputs(t2i, { text: '猫' })).toEqual({ ok: true, values: { text: '猫', style: '无', size: '1:1', count: 1 } });
    expect(checkToolInputs(t2i, { text: '猫', style: '水墨', size: '9:16', count: 4, seed: 42 })).toMatchObject({ ok: true });
    expect(checkToolInputs(t2i, { text: '猫'.repeat(1001) })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputTooLong('画面描述', 1000) });
    expect(checkToolInputs(t2i, { text: '猫', count: 0 })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputNumberRange('生成张数', 1, 4) });
    expect(checkToolInputs(t2i, { text: '猫', size: '2:1' })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputBadOption('尺寸比例') });
    const erase = tool('aiImageErase');
    expect(erase.fields.find((f) => f.type === 'mask')).toMatchObject({ name: 'mask', of: 'image', required: true });
    expect(checkToolInputs(erase, { image: 'f1' })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputRequired('涂抹区域') });
    const face = tool('graduation');
    const line = face.fields.find((f) => f.type === 'consent')!.label;
    expect(checkToolInputs(face, { image: 'f1', consent: false })).toEqual({ ok: false, msg: TOOLS_MSG.toolInputRequired(line) });
    expect(checkToolInputs(face, { image: 'f1', consent: true })).toMatchObject({ ok: true });
    for (const t of IMAGE_TOOLS) for (const ex of t.examples ?? []) expect(checkToolInputs(t, ex.inputs), `${t.id}: ${ex.label}`).toMatchObject({ ok: true });
  });
});
