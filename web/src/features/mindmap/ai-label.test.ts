import { describe, expect, it } from 'vitest';
import { crc32, labelMarkdown, labelPng, mapContentId, MAP_AI_FOOTER, pngWithText } from './ai-label';

/** The AI-content label of exported mind maps: the Markdown's last line and comment, the PNG's AIGC chunk. */
const enc = new TextEncoder();

/** A PNG's chunks: type, data and whether the stored CRC matches. */
function chunks(png: Uint8Array): { type: string; data: string; crcOk: boolean }[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out = [];
  for (let at = 8; at < png.length; ) {
    const len = view.getUint32(at);
    const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
    const data = new TextDecoder('latin1').decode(png.subarray(at + 8, at + 8 + len));
    out.push({ type, data, crcOk: view.getUint32(at + 8 + len) === crc32(png.subarray(at + 4, at + 8 + len)) });
    at += 12 + len;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const c = new Uint8Array(12 + data.length);
  const v = new DataView(c.buffer);
  v.setUint32(0, data.length);
  c.set(enc.encode(type), 4);
  c.set(data, 8);
  v.setUint32(8 + data.length, crc32(c.subarray(4, 8 + data.length)));
  return c;
}

describe('mind map AI-content label', () => {
  it('crc32 is the PNG CRC (IEND is AE426082)', () => {
    expect(crc32(enc.encode('IEND')).toString(16)).toBe('ae426082');
  });

  it('puts an AIGC tEXt chunk with a valid CRC right after IHDR, the rest untouched', () => {
    const ihdr = chunk('IHDR', new Uint8Array(13));
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...ihdr, ...chunk('IDAT', new Uint8Array([1, 2, 3])), ...chunk('IEND', new Uint8Array())]);
    const labelled = labelPng(png, '# 主题\n## 分支');
    const list = chunks(labelled);
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'IDAT', 'IEND']);
    expect(list.every((c) => c.crcOk)).toBe(true);
    const [keyword, json] = list[1]!.data.split('\0');
    expect(keyword).toBe('AIGC');
    expect(JSON.parse(json!)).toMatchObject({ Label: '1', ContentProducer: '万象 AI', ProduceID: mapContentId('# 主题\n## 分支') });
    expect(pngWithText(png, 'k', 'v').length).toBe(png.length + 12 + 3);
  });

  it('ends the Markdown with the visible line and the AIGC comment; the outline stays first', () => {
    const md = labelMarkdown('# 主题\n## 分支\n');
    expect(md.startsWith('# 主题\n## 分支\n\n---\n')).toBe(true);
    expect(md).toContain(MAP_AI_FOOTER);
    expect(md).toMatch(/<!-- AIGC \{"Label":"1".*"ProduceID":"mindmap-[0-9a-f]{8}".*\} -->\n$/);
  });
});
