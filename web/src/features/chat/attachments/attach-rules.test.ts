import { describe, expect, it } from 'vitest';
import { MSG, UPLOAD_LIMITS } from '@wanxiang/contract';
import type { Attachment } from '../../../stores/chat-extras';
import { checkPick } from './attach-rules';

/** A File whose size is what the rules read, without allocating megabytes. */
function sized(name: string, size: number): File {
  const f = new File([], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
}
const chip = (name: string, size: number, status: Attachment['status'] = 'complete'): Attachment => ({
  uid: name,
  name,
  type: 'doc',
  size,
  status,
});

describe('checkPick (docs/product/uploads.md §5, §9)', () => {
  it('accepts documents in file mode and one image in image mode', () => {
    expect(checkPick([], null, [sized('a.pdf', 10), sized('b.DOCX', 10)], 'file')).toMatchObject({ ok: true, mode: 'file' });
    expect(checkPick([], null, [sized('a.jpeg', 10)], 'image')).toMatchObject({ ok: true, mode: 'image' });
    expect(checkPick([], null, [sized('a.png', 10)], null)).toMatchObject({ ok: true, mode: 'image' });
  });

  it('refuses a type outside the picker with the list of accepted types', () => {
    expect(checkPick([], null, [sized('a.gif', 10)], 'image')).toEqual({ ok: false, msg: MSG.fileTypeOnly('png,jpeg,jpg') });
    expect(checkPick([], null, [sized('a.png', 10)], 'file')).toEqual({
      ok: false,
      msg: MSG.fileTypeOnly(UPLOAD_LIMITS.docTypes.join(',')),
    });
    expect(checkPick([], null, [sized('noext', 10)], null).ok).toBe(false);
  });

  it('never mixes images and documents, in one paste or across modes', () => {
    expect(checkPick([], null, [sized('a.png', 10), sized('b.txt', 10)], null)).toEqual({ ok: false, msg: MSG.noMixImageDoc });
    expect(checkPick([chip('a.txt', 10)], 'file', [sized('b.png', 10)], null)).toEqual({ ok: false, msg: MSG.noMixImageDoc });
    expect(checkPick([{ ...chip('a.png', 10), type: 'image' }], 'image', [sized('b.txt', 10)], null)).toEqual({
      ok: false,
      msg: MSG.noMixImageDoc,
    });
  });

  it('allows one image of at most 5 MB', () => {
    expect(checkPick([], null, [sized('a.png', 10), sized('b.png', 10)], 'image')).toEqual({ ok: false, msg: MSG.maxOneImage });
    expect(checkPick([{ ...chip('a.png', 10), type: 'image' }], 'image', [sized('b.png', 10)], 'image')).toEqual({
      ok: false,
      msg: MSG.maxOneImage,
    });
    expect(checkPick([], null, [sized('a.png', UPLOAD_LIMITS.imageBytes + 1)], 'image')).toEqual({ ok: false, msg: MSG.imageTooLarge });
  });

  it('allows 5 files, 10 MB each, 5 MB together; failed chips do not count', () => {
    const four = [1, 2, 3, 4].map((i) => chip(`${i}.txt`, 10));
    expect(checkPick(four, 'file', [sized('5.txt', 10)], 'file').ok).toBe(true);
    expect(checkPick(four, 'file', [sized('5.txt', 10), sized('6.txt', 10)], 'file')).toEqual({ ok: false, msg: MSG.maxFiles(5) });
    expect(checkPick([...four, chip('x.txt', 10, 'error')], 'file', [sized('5.txt', 10)], 'file').ok).toBe(true);
    expect(checkPick([], null, [sized('big.pdf', UPLOAD_LIMITS.fileBytes + 1)], 'file')).toEqual({ ok: false, msg: MSG.fileTooLarge });
    expect(checkPick([chip('a.pdf', 3 * 1024 * 1024)], 'file', [sized('b.pdf', 3 * 1024 * 1024)], 'file')).toEqual({
      ok: false,
      msg: MSG.filesTotalTooLarge,
    });
  });
});
