import { describe, expect, it } from 'vitest';
import { MSG, charCount, toolById, type ToolField } from '@wanxiang/contract';
import {
  applyExample,
  fieldError,
  fileProblem,
  initialValues,
  prefilledValues,
  prefillFromQuery,
  prefillSearch,
  summarizeInputs,
  toInputs,
  validateValues,
} from './form-values';

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

describe('prefill from the query string', () => {
  const q = (query: string) => new URLSearchParams(query);

  it("puts a link's values on top of the defaults: options, cut text, numbers in range, switches, dates", () => {
    const values = prefilledValues(FIELDS, q('text=一二三四五六七八九十多出的字&style=fun&tone=cool&count=7&rhyme=1&day=2026-03-01&title=标题'));
    expect(values).toEqual({ text: '一二三四五六七八九十', style: 'fun', tone: 'cool', count: 7, rhyme: true, day: '2026-03-01', title: '标题' });
    // The cut counts characters as a person does: an emoji is one and is never split.
    expect(prefilledValues(FIELDS, q(`text=${encodeURIComponent('😀'.repeat(12))}`)).text).toBe('😀'.repeat(10));
    expect(toInputs(FIELDS, values)).not.toBeNull();
  });

  it('leaves out what the form could not hold: unknown names, other options, numbers out of range, bad switches and dates, blanks', () => {
    const given = q('style=casual&tone=温暖&count=11&rhyme=yes&day=2026-02-30&title=%20%20&id=aiDocument&other=1');
    expect(prefillFromQuery(FIELDS, given)).toEqual({});
    expect(prefilledValues(FIELDS, given)).toEqual(initialValues(FIELDS));
    expect(prefillFromQuery(FIELDS, q('count=abc&rhyme=false'))).toEqual({ rhyme: false });
    // The first of repeated names wins.
    expect(prefillFromQuery(FIELDS, q('style=fun&style=formal'))).toEqual({ style: 'fun' });
  });

  it('never prefills a file or image field: a file id belongs to its uploader', () => {
    const fields: ToolField[] = [
      { name: 'file', type: 'file', label: '文件' },
      { name: 'pic', type: 'image', label: '图片' },
    ];
    expect(prefillFromQuery(fields, q('file=abc123&pic=def456'))).toEqual({});
  });

  it("selects AI文档's 工作总结 from the sidebar's link and hands on only the accepted values", () => {
    const doc = toolById('aiDocument')!;
    expect(prefilledValues(doc.fields, q('id=aiDocument&docType=工作计划'))).toMatchObject({ text: '', docType: '工作计划' });
    expect(prefillFromQuery(doc.fields, q('id=aiDocument&docType=工作总结'))).toEqual({ docType: '工作总结' });
    expect(prefillSearch(doc.fields, q('id=aiDocument&docType=工作计划&docType=x&junk=1&length=约3000字'))).toBe(
      `?docType=${encodeURIComponent('工作计划')}&length=${encodeURIComponent('约3000字')}`,
    );
    expect(prefillSearch(doc.fields, q('id=aiDocument&docType=不存在'))).toBe('');
  });
});

describe('image tool fields (mask, style, size, consent)', () => {
  const IMAGE_FIELDS: ToolField[] = [
    { name: 'image', type: 'image', label: '原图', required: true },
    { name: 'mask', type: 'mask', label: '涂抹区域', required: true, of: 'image' },
    { name: 'style', type: 'style', label: '风格', required: true, options: [{ value: '水墨', label: '水墨' }, { value: '国潮', label: '国潮' }] },
    { name: 'size', type: 'size', label: '比例', options: [{ value: '1:1', label: '1:1' }, { value: '16:9', label: '16:9' }], default: '1:1' },
    { name: 'consent', type: 'consent', label: '我已获得照片中人物的授权', required: true },
  ];

  it('a consent starts unticked, and a link may pick a style or ratio but never a mask or a tick', () => {
    expect(initialValues(IMAGE_FIELDS)).toEqual({ image: '', mask: '', style: '', size: '1:1', consent: false });
    const params = new URLSearchParams('style=国潮&size=16:9&mask=abc&consent=true&image=abc');
    expect(prefillFromQuery(IMAGE_FIELDS, params)).toEqual({ style: '国潮', size: '16:9' });
    expect(prefillFromQuery(IMAGE_FIELDS, new URLSearchParams('style=油画&size=2:1'))).toEqual({});
  });

  it('missing answers say what to do: paint the mask, pick a style, tick the consent', () => {
    const errors = validateValues(IMAGE_FIELDS, initialValues(IMAGE_FIELDS));
    expect(errors.mask).toBe('请先在图片上涂抹要处理的区域');
    expect(errors.style).toBe('请选择风格');
    expect(errors.consent).toBe('请先阅读并勾选同意');
    const ok = { image: 'f1', mask: 'f2', style: '水墨', size: '16:9', consent: true };
    expect(validateValues(IMAGE_FIELDS, ok)).toEqual({});
    expect(toInputs(IMAGE_FIELDS, ok)).toEqual(ok);
    // A style that is not one of the presets is refused by the shared check.
    expect(fieldError(IMAGE_FIELDS[2]!, '油画')).toBeTruthy();
  });

  it('history lines name the picks, not file ids or the tick', () => {
    expect(summarizeInputs(IMAGE_FIELDS, { image: 'f1', mask: 'f2', style: '水墨', size: '16:9', consent: true })).toBe('水墨 · 16:9');
  });
});
