import { describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { checkImportFile, checkLink } from './import-rules';

describe('import dialog checks (docs/product/uploads.md §5)', () => {
  it('needs a link: 请输入链接', () => {
    expect(checkLink('web', '  ')).toEqual({ ok: false, msg: MSG.linkEmpty });
    expect(checkLink('video', '')).toEqual({ ok: false, msg: MSG.linkEmpty });
  });

  it('checks web and audio links as web addresses, adding https when the scheme is left out', () => {
    expect(checkLink('web', 'not a link')).toEqual({ ok: false, msg: MSG.linkInvalid });
    expect(checkLink('voice', 'localhost')).toEqual({ ok: false, msg: MSG.linkInvalid });
    expect(checkLink('web', 'www.example.com/news?id=1#top')).toEqual({ ok: true, url: 'https://www.example.com/news?id=1#top' });
    expect(checkLink('voice', 'http://a.example.cn:8080/x.mp3')).toEqual({ ok: true, url: 'http://a.example.cn:8080/x.mp3' });
    expect(checkLink('web', 'http://10.0.0.1/a')).toEqual({ ok: true, url: 'http://10.0.0.1/a' });
  });

  it('does not check a video link (a pasted share text)', () => {
    expect(checkLink('video', '3.85 复制打开抖音，看看【作品】 https://v.douyin.com/abc/')).toMatchObject({ ok: true });
  });

  it('needs one file of an accepted type: 请先上传音频文件', () => {
    expect(checkImportFile('voice', null)).toEqual({ ok: false, msg: MSG.importNeedFile });
    expect(checkImportFile('video', new File([], 'a.mp3'))).toEqual({ ok: false, msg: MSG.fileTypeOnly('mp4') });
    expect(checkImportFile('voice', new File([], 'a.OPUS')).ok).toBe(true);
    expect(checkImportFile('web', new File([], 'page.html')).ok).toBe(true);
  });
});
