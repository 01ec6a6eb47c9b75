// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldsNamedIn } from './named-in';
import { isPromosContent, PROMOS_FILE_FIELDS, promoSwitchOn, promosValuesOf, withPromoSwitch, withPromosValues, type PromosContent } from './promos-form';

const shipped = (): unknown => JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../../server/catalog/promos.json'), 'utf8'));
const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

/** A promos document as the schema allows it at its smallest: no `show` (all on) and no model image. */
const bare = (): PromosContent => ({
  versions: { pc: '2025.08.19', web: '2025.10.20', pc_min: '2025.01.01' },
  pc_update: { content: '', download_url: '/download' },
  web_update: { content: '' },
  model: { show: false, title: '', content: '', button: [] },
  notice: '',
});

describe('the promos form logic', () => {
  it('puts the shipped file through the form unchanged, key for key', () => {
    const doc = shipped();
    expect(isPromosContent(doc)).toBe(true);
    if (!isPromosContent(doc)) return;
    same(withPromosValues(doc, promosValuesOf(doc)), doc);
  });

  it('writes no default the file left out: a missing switch reads on, an empty image is not written', () => {
    const doc = bare();
    expect(promoSwitchOn(doc, 'download_bar')).toBe(true);
    same(withPromosValues(doc, promosValuesOf(doc)), doc);
    expect(withPromoSwitch(doc, 'download_bar', false).show).toEqual({ download_bar: false });
    expect(withPromosValues(doc, { ...promosValuesOf(doc), modelImage: '/promos/x.svg' }).model.image).toBe('/promos/x.svg');
  });

  it('keeps the last valid value of a field failing the server’s rule, and writes the others', () => {
    const doc = bare();
    const next = withPromosValues(doc, { ...promosValuesOf(doc), pc: '2025-09-01', web: '2026.01.02', downloadUrl: '', modelTitle: 'x'.repeat(101) });
    expect(next.versions).toEqual({ pc: '2025.08.19', web: '2026.01.02', pc_min: '2025.01.01' });
    expect(next.pc_update.download_url).toBe('/download');
    expect(next.model.title).toBe('');
  });

  it('refuses a document whose shown fields have the wrong type (it opens in 高级)', () => {
    expect(isPromosContent({ ...bare(), versions: { pc: 20250819, web: '2025.10.20', pc_min: '2025.01.01' } })).toBe(false);
    expect(isPromosContent({ ...bare(), show: { download_bar: 'no' } })).toBe(false);
  });

  it('maps the server’s paths to the field they name, pc apart from pc_min', () => {
    expect(fieldsNamedIn('推广与公告校验未通过：promos.json: versions.pc_min: Invalid string', PROMOS_FILE_FIELDS)).toEqual(['pcMin']);
    expect(fieldsNamedIn('推广与公告校验未通过：promos.json: versions.pc: Invalid string', PROMOS_FILE_FIELDS)).toEqual(['pc']);
    expect(fieldsNamedIn('推广与公告校验未通过：promos.json: web_update.content: Too big', PROMOS_FILE_FIELDS)).toEqual(['webContent']);
  });
});
