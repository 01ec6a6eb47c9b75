import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispositionName, saveBlob, saveText } from './save-file';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('dispositionName', () => {
  it('prefers the UTF-8 name, then the plain one (quoted or not), then the fallback', () => {
    expect(dispositionName(`attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('论文.pdf')}`, 'x')).toBe('论文.pdf');
    expect(dispositionName('attachment; filename="paper.pdf"', 'x')).toBe('paper.pdf');
    expect(dispositionName('attachment; filename=deck.pptx', 'x')).toBe('deck.pptx');
    expect(dispositionName(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.md"`, 'x')).toBe('plain.md');
    expect(dispositionName(null, 'document')).toBe('document');
  });
});

describe('saveBlob / saveText', () => {
  it('clicks a temporary download link with the name, removes it and releases the URL later', async () => {
    vi.useFakeTimers();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return `blob:test/${created.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    const clicks: { href: string; download: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });

    saveBlob(new Blob(['x']), '图.png');
    saveText('# 标题', '导图.md', 'text/markdown;charset=utf-8');
    expect(clicks).toEqual([
      { href: 'blob:test/1', download: '图.png', attached: true },
      { href: 'blob:test/2', download: '导图.md', attached: true },
    ]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    expect(created[1]?.type).toBe('text/markdown;charset=utf-8');
    expect(await created[1]?.text()).toBe('# 标题');
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/2');
  });
});
