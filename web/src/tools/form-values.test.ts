import { describe, expect, it } from 'vitest';
import { MSG, charCount, type ToolField } from '@wanxiang/contract';
import { applyExample, fieldError, fileProblem, initialValues, summarizeInputs, toInputs, validateValues } from './form-values';

const FIELDS: ToolField[] = [
  { name: 'text', type: 'textarea', label: '需求', required: true, max: 10 },
  { name: 'style', type: 'select', label: '风格', options: [{ value: 'formal', label: '正式' }, { value: 'fun', label: '活泼' }], default: 'formal' },
  { name: 'tone', type: 'radio', label: '语气', options: [{ value: 'warm', label: '温暖' }, { value: 'cool', label: '冷静' }] },
  { name: 'count', type: 'number', label: '数量', min: 1, max: 10, default: 5 },
  { name: 'rhyme', type: 'switch', label: '押韵' },
  { name: 'day', type: 'date', label: '日期' },
  { name: 'title', type: 'text', label: '标题' },
];

describe('tool form values', () => {
  it('start from defaults: the default, the first radio option, false for a switch, empty otherwise', () => {
    expect(initialValues(FIELDS)).toEqual({ text: '', style: 'formal', tone: 'warm', count: 5, rhyme: false, day: '', title: '' });
  });

  it('an example fills the fields it names and puts the others back to their defaults', () => {
    const ex = applyExample(FIELDS, { label: '示例', inputs: { text: '起个名字', style: 'fun', unknown: 'x' } });
    expect(ex).toEqual({ text: '起个名字', style: 'fun', tone: 'warm', count: 5, rhyme: false, day: '', title: '' });
    expect(ex).not.toHaveProperty('unknown');
  });

  it('checks required fields, the character max (emoji count once), number ranges and options', () => {
    const values = { ...initialValues(FIELDS), text: '   ' };
    expect(validateValues(FIELDS, values)).toEqual({ text: MSG.toolInputRequired('需求') });
    expect(charCount('😀😀😀')).toBe(3);
    expect(fieldError(FIELDS[0]!, '😀'.repeat(10))).toBeNull();
    expect(fieldError(FIELDS[0]!, '一二三四五六七八九十一')).toBe(MSG.toolInputTooLong('需求', 10));
    expect(fieldError(FIELDS[3]!, 11)).toBe(MSG.toolInputNumberRange('数量', 1, 10));
    expect(fieldError(FIELDS[3]!, 0)).toBe(MSG.toolInputNumberRange('数量', 1, 10));
    expect(fieldError(FIELDS[3]!, 10)).toBeNull();
    expect(fieldError(FIELDS[1]!, 'nope')).toBe(MSG.toolInputBadOption('风格'));
    expect(fieldError(FIELDS[5]!, '2026-02-30')).toBe(MSG.toolInputBadDate('日期'));
    // An optional blank field and a switch are never an error.
    expect(fieldError(FIELDS[6]!, '')).toBeNull();
    expect(fieldError({ ...FIELDS[4]!, required: true }, false)).toBeNull();
  });

  it('sends the shared check values: trimmed text, numbers, defaults; blank optional fields left out', () => {
    const inputs = toInputs(FIELDS, { text: '  起名\n', style: '', tone: 'warm', count: '3', rhyme: true, day: '2026-01-02', title: '  ' });
    expect(inputs).toEqual({ text: '起名', style: 'formal', tone: 'warm', count: 3, rhyme: true, day: '2026-01-02' });
    expect(toInputs(FIELDS, { ...initialValues(FIELDS), text: '' })).toBeNull();
  });

  it('summarizes a saved run: the main text, then the picked labels', () => {
    expect(summarizeInputs(FIELDS, { text: '起名', style: 'fun', rhyme: true, count: 3 })).toBe('起名 · 活泼 · 3 · 押韵');
  });

  it('refuses a picked file of another type or over the size before it goes up', () => {
    const image: ToolField = { name: 'image', type: 'image', label: '原图', accept: ['jpg', 'png'], maxBytes: 1024 * 1024 };
    expect(fileProblem(image, { name: 'a.PNG', size: 10 })).toBeNull();
    expect(fileProblem(image, { name: 'a.gif', size: 10 })).toBe(MSG.toolFormUploadBadType('jpg/png'));
    expect(fileProblem(image, { name: 'a.jpg', size: 2 * 1024 * 1024 })).toBe(MSG.toolFormUploadTooBig(1));
  });
});
