import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipBomb } from '../../../../test/fixtures/bombs';
import { docxWith, epubWith, legacyDocWith, mobiWith, pdfWith, pptxWith, xlsxWith } from '../../../../test/fixtures/documents';
import { readDocumentText, type DocumentReadError } from './index';
import { checkPdf } from './pdf-guard';
import { checkZip } from './zip-guard';

/** Each accepted document type, really parsed in the worker thread. */
describe('readDocumentText', () => {
  it('reads PDF text (unpdf)', async () => {
    expect(await readDocumentText('pdf', pdfWith('Quarterly report PDF-MARKER 2025'))).toContain('Quarterly report PDF-MARKER 2025');
  });

  it('reads DOCX paragraphs (mammoth)', async () => {
    const text = await readDocumentText('docx', await docxWith(['第一段：万象文档标记', '第二段：结论']));
    expect(text).toContain('第一段：万象文档标记');
    expect(text).toContain('第二段：结论');
  });

  it('reads XLSX rows as tab-separated lines (exceljs)', async () => {
    const text = await readDocumentText(
      'xlsx',
      await xlsxWith([
        ['月份', '销售额'],
        ['一月', 1200],
      ]),
    );
    expect(text).toContain('# 销售');
    expect(text).toContain('月份\t销售额');
    expect(text).toContain('一月\t1200');
  });

  it('reads PPTX slides in order', async () => {
    const text = await readDocumentText('pptx', await pptxWith([['封面标题'], ['第二页要点', '补充说明']]));
    expect(text.indexOf('封面标题')).toBeLessThan(text.indexOf('第二页要点'));
    expect(text).toContain('补充说明');
  });

  it('reads EPUB chapters in spine order, without markup', async () => {
    const text = await readDocumentText('epub', await epubWith(['春天来了，万物复苏。', '夏天很热。']));
    expect(text.indexOf('春天来了')).toBeLessThan(text.indexOf('夏天很热'));
    expect(text).not.toContain('<p>');
  });

  it('reads TXT and CSV as UTF-8, and GBK text too', async () => {
    expect(await readDocumentText('txt', Buffer.from('纯文本内容'))).toBe('纯文本内容');
    expect(await readDocumentText('csv', Buffer.from('名称,数量\n苹果,3'))).toBe('名称,数量\n苹果,3');
    const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]); // 你好 in GBK
    expect(await readDocumentText('txt', gbk)).toBe('你好');
  });

  it('reads Chinese text out of a legacy .doc, best effort', async () => {
    expect(await readDocumentText('doc', legacyDocWith('这是旧版文档里的正文内容。'))).toContain('这是旧版文档里的正文内容。');
  });

  it('reads a PalmDOC-compressed MOBI book', async () => {
    expect(await readDocumentText('mobi', mobiWith('<html><body><p>电子书第一章的内容</p></body></html>'))).toBe('电子书第一章的内容');
  });

  it('fails a legacy file with nothing readable as legacy, a broken zip as unreadable, an empty text as empty', async () => {
    const reason = async (ext: string, data: Buffer) =>
      ((await readDocumentText(ext, data).catch((e: unknown) => e)) as DocumentReadError).reason;
    expect(await reason('ppt', Buffer.from('not an OLE file at all'))).toBe('legacy');
    expect(await reason('docx', Buffer.from('PK\u0003\u0004 broken'))).toBe('unreadable');
    expect(await reason('pdf', Buffer.from('%PDF-1.4 garbage'))).toBe('unreadable');
    expect(await reason('txt', Buffer.from('  \n\n  '))).toBe('empty');
    // Legacy .xls is not read at all (no maintained reader): not even a zip inside one reaches a library.
    expect(await reason('xls', await xlsxWith([['a']]))).toBe('unreadable');
  });

  it('ends a document past its deadline', async () => {
    const err = await readDocumentText('xlsx', await xlsxWith([['a']]), { timeoutMs: 1 }).catch((e: unknown) => e);
    expect((err as DocumentReadError).reason).toBe('timeout');
  });
});

describe('zip guard', () => {
  it('passes a real archive, whatever sizes it declares, and counts what its parts inflate to', async () => {
    const data = await docxWith(['正文']);
    expect(await checkZip(data)).toBe('ok');
    // Declared sizes are not trusted either way: 300 MB declared for a small part changes nothing.
    const cd = data.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    data.writeUInt32LE(300 * 1024 * 1024, cd + 24);
    expect(await checkZip(data)).toBe('ok');
    expect(await checkZip(await docxWith(['正文'], 64 * 1024), 32 * 1024)).toBe('too-large');
  });

  it('counts parts beyond the declared entry count, as JSZip reads them', async () => {
    // Two parts, the second inflating to 1 MB; the end record says there is one.
    const data = await zipBomb('docx', 1024 * 1024);
    const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    data.writeUInt16LE(1, end + 8);
    data.writeUInt16LE(1, end + 10);
    expect(await checkZip(data, 512 * 1024)).toBe('too-large');
  });

  it('refuses archives JSZip would read differently: encrypted, shifted, not a zip', async () => {
    const data = await docxWith(['正文']);
    const encrypted = Buffer.from(data);
    encrypted.writeUInt16LE(1, encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    expect(await checkZip(encrypted)).toBe('unreadable');
    expect(await checkZip(Buffer.concat([Buffer.from('junk before'), data]))).toBe('unreadable');
    expect(await checkZip(Buffer.from('PK\u0003\u0004 broken'))).toBe('unreadable');
  });
});

describe('pdf guard', () => {
  it('passes a real PDF and counts only Flate streams that are not images', async () => {
    expect(await checkPdf(pdfWith('plain'))).toBe('ok');
    const big = deflateSync(Buffer.alloc(64 * 1024));
    const pdf = (dict: string) => Buffer.concat([Buffer.from(`%PDF-1.4\n1 0 obj\n<< ${dict} /Length ${big.length} >>\nstream\n`), big, Buffer.from('\nendstream\nendobj\n')]);
    expect(await checkPdf(pdf('/Filter /FlateDecode'), 32 * 1024)).toBe('too-large');
    expect(await checkPdf(pdf('/Filter [/FlateDecode]'), 32 * 1024)).toBe('too-large');
    expect(await checkPdf(pdf('/Type /XObject /Subtype /Image /Filter /FlateDecode'), 32 * 1024)).toBe('ok');
  });

  it('counts both stages of a doubly deflated stream', async () => {
    const twice = deflateSync(deflateSync(Buffer.alloc(256 * 1024)));
    const pdf = Buffer.concat([Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Filter [/FlateDecode /FlateDecode] >>\nstream\n`), twice, Buffer.from('\nendstream\n')]);
    expect(await checkPdf(pdf, 128 * 1024)).toBe('too-large');
    expect(await checkPdf(pdf, 1024 * 1024)).toBe('ok');
  });
});
