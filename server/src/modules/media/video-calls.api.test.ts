import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type Envelope, type MediaFileRes } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { probeBytes } from '../../infra/av';
import { createSafeFetch, type SafeFetch } from '../../infra/safe-fetch';
import { saveFile } from '../files/service';
import { videoUrlOfPage } from './video-calls';

/**
 * media/getShortViedo and media/video2audio: links only through the SSRF-safe fetch (a direct
 * video, or a page's og:video), results stored as the caller's files, another user's file refused.
 */
describe('media video calls', () => {
  let t: TestApp;
  let site: Server;
  let base: string;
  let trustLoopback = true;
  const strict = createSafeFetch({ allow: [] });
  const trusting = createSafeFetch({ allow: ['127.0.0.1'] });
  const safeFetch: SafeFetch = (url, opts) => (trustLoopback ? trusting : strict)(url, opts);
  const dir = mkdtempSync(join(tmpdir(), 've-calls-'));
  let clip: Buffer;

  beforeAll(async () => {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:d=2', '-f', 'lavfi', '-i', 'sine=f=440:d=2', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', join(dir, 'c.mp4')]);
    clip = readFileSync(join(dir, 'c.mp4'));
    site = createServer((req, res) => {
      if (req.url === '/v/%E7%8C%AB.mp4') return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(clip);
      if (req.url === '/share') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><head><meta property="og:video" content="/v/%E7%8C%AB.mp4"></head><body>分享</body></html>');
      if (req.url === '/plain') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>没有视频</body></html>');
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    t = await createTestApp('pglite', { overrides: { safeFetch } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    site.closeAllConnections();
    await new Promise((r) => site.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  const post = async (url: string, token: string | undefined, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: token ? { token } : {}, payload });
    return { status: res.statusCode, body: res.json<Envelope<MediaFileRes>>() };
  };

  it('finds the video a page announces (og:video, then <video src>), relative to the page', () => {
    expect(videoUrlOfPage('<meta content="https://cdn.example.com/a.mp4?x=1&amp;y=2" property="og:video:secure_url">', 'https://s.example.com/p')).toBe('https://cdn.example.com/a.mp4?x=1&y=2');
    expect(videoUrlOfPage('<video controls src="/m/b.webm"></video>', 'https://s.example.com/p/q')).toBe('https://s.example.com/m/b.webm');
    expect(videoUrlOfPage('<meta property="og:video" content="javascript:alert(1)">', 'https://s.example.com/')).toBeNull();
    expect(videoUrlOfPage('<p>nothing</p>', 'https://s.example.com/')).toBeNull();
  });

  it('getShortViedo: a direct link or a share page becomes the caller\'s upload; no video is a Chinese refusal; login required', async () => {
    const { token } = await t.loginAs();
    expect((await post('/api/v1/media/getShortViedo', undefined, { url: `${base}/share` })).status).toBe(401);
    const direct = await post('/api/v1/media/getShortViedo', token, { url: `看看这个 ${base}/v/%E7%8C%AB.mp4 复制打开` });
    expect(direct.body.code).toBe(Code.OK);
    expect(direct.body.data).toMatchObject({ name: '猫.mp4', contentType: 'video/mp4', bytes: clip.length, width: 160, height: 120 });
    expect(direct.body.data.duration).toBeCloseTo(2, 0);
    const viaPage = await post('/api/v1/media/getShortViedo', token, { url: `${base}/share` });
    expect(viaPage.body.data.bytes).toBe(clip.length);
    const stored = await t.app.inject({ method: 'GET', url: viaPage.body.data.url, headers: { token } });
    expect(stored.rawPayload.equals(clip)).toBe(true);
    expect((await post('/api/v1/media/getShortViedo', token, { url: `${base}/plain` })).body).toMatchObject({ code: Code.FAILED, msg: MSG.veLinkNoVideo });
    expect((await post('/api/v1/media/getShortViedo', token, { url: '' })).status).toBe(400);
    // Loopback as in production (no SSRF_ALLOW): refused without fetching.
    trustLoopback = false;
    try {
      expect((await post('/api/v1/media/getShortViedo', token, { url: `${base}/share` })).body.msg).toBe(MSG.urlRefused);
    } finally {
      trustLoopback = true;
    }
  });

  it('video2audio: the caller\'s video becomes an audio-only file; another user\'s file and bad input are refused', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const id = (await saveFile(t.ctx, { userId: user.id, name: '片段.mp4', contentType: 'video/mp4', body: clip, purpose: 'upload' })).id;
    const res = await post('/api/v1/media/video2audio', token, { file_id: id, format: 'wav' });
    expect(res.body.code).toBe(Code.OK);
    expect(res.body.data).toMatchObject({ name: '片段-音频.wav', contentType: 'audio/wav' });
    const bytes = (await t.app.inject({ method: 'GET', url: res.body.data.url, headers: { token } })).rawPayload;
    const facts = await probeBytes(bytes);
    expect(facts?.audio?.codec).toBe('pcm_s16le');
    expect(facts?.video).toBeUndefined();
    expect((await post('/api/v1/media/video2audio', other.token, { file_id: id })).body).toMatchObject({ code: Code.FAILED, msg: MSG.taskFileMissing('视频文件') });
    const bad = await post('/api/v1/media/video2audio', token, { file_id: id, format: 'flac' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('格式只支持 mp3 或 wav');
    expect((await post('/api/v1/media/video2audio', undefined, { file_id: id })).status).toBe(401);
  });
});
