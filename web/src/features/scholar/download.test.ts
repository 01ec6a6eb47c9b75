import { describe, expect, it } from 'vitest';
import { attachmentName } from './download';

describe('attachment names', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(attachmentName(`attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('论文.pdf')}`, 'x')).toBe('论文.pdf');
    expect(attachmentName('attachment; filename="paper.pdf"', 'x')).toBe('paper.pdf');
    expect(attachmentName(null, 'document')).toBe('document');
  });
});
