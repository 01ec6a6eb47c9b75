import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type Envelope, type MediaImportRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipartBody } from '../../../test/multipart';
import { createSafeFetch, type SafeFetch } from '../../infra/safe-fetch';
import { SttError, type SpeechToText, type SttInput } from '../../infra/stt';
import { selectOwnedUploads } from '../uploads/store';

/**
 * The import dialog's calls (docs/product/uploads.md §2, §5): audio and video to text through the speech-to-text
 * adapter, web pages through the SSRF-safe fetch; the text is saved as the caller's upload.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Wanxiang 新闻</title></head><body>
<article><h1>万象发布导入功能</h1><p>Version 2.0 发布了，用户可以导入网页 (web pages) 并直接提问。</p>
<p>第二段：这是一段足够长的中文正文，用来让正文提取算法识别出文章的主体部分，而不是导航。</p></article></body></html>`;
const ENGLISH =
  '<!doctype html><html><head><title>English</title></head><body><article><p>Only English text in this page, nothing else here to read.</p></article></body></html>';
const AUDIO = Buffer.from('ID3 fake audio bytes');

describe.each(testDbKinds())('media import on %s', (kind) => {
  let t: TestApp;
  let site: Server;
  let siteBase: string;
  /** Loopback is refused like in production unless a test trusts it, as SSRF_ALLOW would. */
  let trustLoopback = false;
  const strict = createSafeFetch({ allow: [] });
  const trusting = createSafeFetch({ allow: ['127.0.0.1'] });
  const safeFetch: SafeFetch = (url, opts) => (trustLoopback ? trusting : strict)(url, opts);
  const heard: SttInput[] = [];
  let sttAnswer: () => Promise<string> = async () => '今天我们讨论产品发布计划。';
  const stt: SpeechToText = {
    name: 'fake',
    async transcribe(input) {
      heard.push(input);
      return sttAnswer();
    },
  };

  beforeAll(async () => {
    site = createServer((req, res) => {
      if (req.url === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      if (req.url === '/english.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(ENGLISH);
      if (req.url === '/talk.mp3') return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(AUDIO);
      if (req.url === '/clip') return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(AUDIO);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    t = await createTestApp(kind, { overrides: { safeFetch, stt } });
  });
  afterAll(async () => {
    await t?.close();
    site.closeAllConnections();
    await new Promise((r) => site.close(r));
  });

  const post = async (url: string, token: string | undefined, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: token ? { token } : {}, payload });
    return { status: res.statusCode, body: res.json<Envelope<MediaImportRes>>() };
  };
  const postFile = async (url: string, token: string, name: string, data: Buffer, fields: Record<string, string> = {}) => {
    const body = await multipartBody({ name, data }, fields);
    const res = await t.app.inject({ method: 'POST', url, headers: { token, ...body.headers }, payload: body.payload });
    return { status: res.statusCode, body: res.json<Envelope<MediaImportRes>>() };
  };

  it('every import needs a login', async () => {
    for (const url of [
      '/api/v1/media/mediaLink2txt',
      '/api/v1/media/webLink2txt',
      '/api/v1/media/audioFile2txt',
      '/api/v1/media/htmlFile2txt',
    ]) {
      expect((await post(url, undefined, { file_url: 'https://a.com/x.mp3', url: 'https://a.com' })).status).toBe(401);
    }
  });

  it('validates links: empty 请输入链接, not a web address 请输入合法的链接 (not for video share texts)', async () => {
    const { token } = await t.loginAs();
    expect((await post('/api/v1/media/mediaLink2txt', token, { file_url: ' ' })).body).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: MSG.linkEmpty,
    });
    expect((await post('/api/v1/media/mediaLink2txt', token, { file_url: 'not a link' })).body.msg).toBe(MSG.linkInvalid);
    expect((await post('/api/v1/media/webLink2txt', token, { url: '' })).body.msg).toBe(MSG.linkEmpty);
    expect((await post('/api/v1/media/webLink2txt', token, { url: 'www' })).body.msg).toBe(MSG.linkInvalid);
    // A video share text passes the schema; with no link inside it the service says so.
    const share = await post('/api/v1/media/mediaLink2txt', token, { file_url: '看看这个视频！复制打开', type: 'video' });
    expect(share.body).toMatchObject({ code: Code.FAILED, msg: MSG.linkInvalid });
  });

  it('refuses loopback and private addresses for media and web links (SSRF), without fetching', async () => {
    const { token } = await t.loginAs();
    trustLoopback = false;
    const before = heard.length;
    for (const url of [
      `${siteBase}/talk.mp3`,
      'http://169.254.169.254/latest/meta-data/',
      'http://0x7f000001/a.mp3',
      'http://[::1]/a.mp3',
    ]) {
      const r = await post('/api/v1/media/mediaLink2txt', token, { file_url: url });
      expect(r.body.code).toBe(Code.FAILED);
      expect(r.body.msg).toBe(MSG.urlRefused);
    }
    const web = await post('/api/v1/media/webLink2txt', token, { url: `${siteBase}/page.html` });
    expect(web.body.msg).toBe(MSG.urlRefused);
    expect(heard.length).toBe(before);
  });

  it("transcribes a linked audio file and a video share text, and saves the text as the caller's upload", async () => {
    const { token, user } = await t.loginAs();
    trustLoopback = true;
    try {
      const r = await post('/api/v1/media/mediaLink2txt', token, { file_url: `${siteBase}/talk.mp3` });
      expect(r.body.code, r.body.msg).toBe(200);
      expect(r.body.data).toMatchObject({ kind: 'audio', name: 'talk.mp3', text: '今天我们讨论产品发布计划。', size: AUDIO.length });
      expect(heard.at(-1)).toMatchObject({ filename: 'talk.mp3', mime: 'audio/mpeg' });
      expect(heard.at(-1)!.data.equals(AUDIO)).toBe(true);
      const [row] = await selectOwnedUploads(t.ctx.database.db, user.id, [r.body.data.fileId]);
      expect(row).toMatchObject({ kind: 'audio', text: '今天我们讨论产品发布计划。' });

      const v = await post('/api/v1/media/mediaLink2txt', token, { file_url: `快来看 ${siteBase}/clip 复制此链接`, type: 'video' });
      expect(v.body.data).toMatchObject({ kind: 'video' });
      expect(heard.at(-1)!.filename).toBe('clip.mp4');
    } finally {
      trustLoopback = false;
    }
  });

  it('transcribes an uploaded file: accepted types per import, 请先上传音频文件 without a file', async () => {
    const { token } = await t.loginAs();
    const ok = await postFile('/api/v1/media/audioFile2txt', token, '录音.opus', AUDIO, { type: 'voice' });
    expect(ok.body.data).toMatchObject({ kind: 'audio', name: '录音.opus' });
    const video = await postFile('/api/v1/media/audioFile2txt', token, '片段.mp4', AUDIO, { type: 'video' });
    expect(video.body.data.kind).toBe('video');
    const wrong = await postFile('/api/v1/media/audioFile2txt', token, '片段.wav', AUDIO, { type: 'video' });
    expect(wrong.body.msg).toBe(MSG.fileTypeOnly('mp4'));
    const wrongVoice = await postFile('/api/v1/media/audioFile2txt', token, 'a.flac', AUDIO, { type: 'voice' });
    expect(wrongVoice.body.msg).toBe(MSG.fileTypeOnly('mp3,mp4,aac,wav,opus'));
    const none = await post('/api/v1/media/audioFile2txt', token, {});
    expect(none.body.msg).toBe(MSG.importNeedFile);
  });

  it('says plainly when no speech-to-text is configured, when nothing was heard, and 生成失败 on service failures', async () => {
    const { token } = await t.loginAs();
    const run = () => postFile('/api/v1/media/audioFile2txt', token, 'a.mp3', AUDIO);
    sttAnswer = () => Promise.reject(new SttError('not_configured', 'none'));
    expect((await run()).body).toMatchObject({ code: Code.FAILED, msg: MSG.sttNotConfigured });
    sttAnswer = async () => '   ';
    expect((await run()).body.msg).toBe(MSG.audioNoContent);
    sttAnswer = () => Promise.reject(new SttError('upstream', 'HTTP 503'));
    expect((await run()).body.msg).toBe(MSG.generateFailed);
    sttAnswer = () => Promise.reject(new SttError('rejected', 'HTTP 400 bad format'));
    expect((await run()).body.msg).toBe(MSG.audioNoContent);
    sttAnswer = async () => '今天我们讨论产品发布计划。';
  });

  it('imports a web page by link and by .html file, reduced to Chinese; a page without Chinese is 网页暂无内容', async () => {
    const { token } = await t.loginAs();
    trustLoopback = true;
    try {
      const r = await post('/api/v1/media/webLink2txt', token, { url: `${siteBase}/page.html` });
      expect(r.body.code, r.body.msg).toBe(200);
      expect(r.body.data.kind).toBe('web');
      expect(r.body.data.text).toContain('万象发布导入功能');
      expect(r.body.data.text).toContain('发布了，用户可以导入网页并直接提问。');
      expect(r.body.data.text).not.toMatch(/[A-Za-z0-9]/);
      const empty = await post('/api/v1/media/webLink2txt', token, { url: `${siteBase}/english.html` });
      expect(empty.body).toMatchObject({ code: Code.FAILED, msg: MSG.pageNoContent });
    } finally {
      trustLoopback = false;
    }
    const file = await postFile('/api/v1/media/htmlFile2txt', token, '保存的网页.html', Buffer.from(PAGE));
    expect(file.body.data).toMatchObject({ kind: 'web', name: '保存的网页.html' });
    expect(file.body.data.text).toContain('这是一段足够长的中文正文');
    const notHtml = await postFile('/api/v1/media/htmlFile2txt', token, 'a.txt', Buffer.from('文字'));
    expect(notHtml.body.msg).toBe(MSG.fileTypeOnly('html'));
  });
});
