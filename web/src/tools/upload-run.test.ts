import { describe, expect, it } from 'vitest';
import { toolById } from '@wanxiang/contract';
import { hiddenUploadFields } from './upload-run';

describe('a run of upload fields grows one box at a time', () => {
  const merge = toolById('pdfMerge')!.fields;

  it('shows the two required PDFs and hides the spare ones until the ones before are filled', () => {
    expect([...hiddenUploadFields(merge, {})]).toEqual(['file3', 'file4', 'file5']);
    expect([...hiddenUploadFields(merge, { file1: 'a', file2: 'b' })]).toEqual(['file4', 'file5']);
    expect([...hiddenUploadFields(merge, { file1: 'a', file2: 'b', file3: 'c' })]).toEqual(['file5']);
  });

  it('never hides a field that holds a file, nor fields of other types', () => {
    expect(hiddenUploadFields(merge, { file1: 'a', file5: 'e' }).has('file5')).toBe(false);
    const images = toolById('imagesToPdf')!.fields;
    const hidden = hiddenUploadFields(images, { image1: 'x' });
    expect(hidden.has('image2')).toBe(false);
    expect(hidden.has('image3')).toBe(true);
    expect(hidden.has('pageSize')).toBe(false);
    // A tool with one upload hides nothing.
    expect(hiddenUploadFields(toolById('pdfToWord')!.fields, {}).size).toBe(0);
  });
});
