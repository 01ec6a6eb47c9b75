import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_VENDORS_MSG, type AdminVendorItem, type AdminVendorListRes, type AdminVendorTestRes, type Envelope } from '@wanxiang/contract';
import type { TestApp } from '../../../test/app';
import { startAdminApp } from '../../../test/admin-fixture';
import { FAKE_KLING, startFakeVideo, type FakeVideo } from '../../../test/fake-video';
import { startFakeSpeech, type FakeSpeech } from '../../../test/fake-speech';
import { startFakeCosyVoice, type FakeCosyVoice } from '../../../test/fake-cosyvoice';
import { startFakeMusic, type FakeMusic } from '../../../test/fake-music';
import { videoOf } from '../../tools/tasks/media/video-gen/backend';
import { musicOf } from '../../tools/tasks/media/music-tools/song';
import { VendorSettings } from '../../infra/vendor-settings/hub';
import { vendorEnv } from '../../infra/vendor-settings/backends';
import { rebuildOnChange } from '../../infra/vendor-settings/live';
import { KeyBox, loadKeySecret } from '../../infra/secrets/key-box';
import { createTextToSpeech } from '../../infra/speech';

/**
 * The backend vendors on the vendors page (speech, video, music...) against local fakes of their protocols: an admin's
 * save is sealed, audited with the keys masked, never answered back, and rebuilds the backend at once (the very next
 * synthesis goes to the saved base URL with the saved key; Kling's route appears once both its keys are saved); the test
 * button calls the vendor through its protocol and says ok or the Chinese error; each call is counted on the row.
 */
const TTS_KEY = 'sk-tts-console-key-4321';
const COSYVOICE_KEY = 'sk-cosyvoice-console-key-8765';
const KLING_SECRET_WRONG = 'sk-wrong-secret-0000';

describe('admin vendors: the media and search backends', () => {
  let t: TestApp;
  let speech: FakeSpeech;
  let video: FakeVideo;
  let music: FakeMusic;
  let cosy: FakeCosyVoice;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    [speech, video, music, cosy] = await Promise.all([startFakeSpeech(), startFakeVideo(), startFakeMusic(), startFakeCosyVoice()]);
    // No chat vendor key: demo mode, where speech is the demo voice until a vendor is saved.
    const a = await startAdminApp('pglite');
    t = a.t;
    admin = a.admin.token;
    user = a.user.token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([speech?.close(), video?.close(), music?.close(), cosy?.close()]);
  });

  const call = async <T>(method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown, token = admin) => {
    const res = await t.app.inject({ method, url, headers: { token }, ...(payload === undefined ? {} : { payload: payload as object }) });
    // No secret of this test ever comes back.
    for (const secret of [TTS_KEY, COSYVOICE_KEY, FAKE_KLING.accessKey, FAKE_KLING.secretKey, KLING_SECRET_WRONG, 'good-key']) expect(res.body).not.toContain(secret);
    expect(res.statusCode).toBeLessThan(500);
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const row = async (id: string) => (await call<AdminVendorListRes>('GET', '/api/admin/vendors')).body.data.list.find((v) => v.id === id)!;
  const test = async (id: string) => (await call<AdminVendorTestRes>('POST', `/api/admin/vendors/${id}/test`)).body;

  it('checks the role first: visitors 401, users 403', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/vendors/kling', payload: { apiKey: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/vendors/tts/test' })).statusCode).toBe(401);
    expect((await call('PUT', '/api/admin/vendors/kling', { apiKey: 'x', secretKey: 'y' }, user)).status).toBe(403);
    expect((await call('POST', '/api/admin/vendors/tts/test', undefined, user)).status).toBe(403);
    expect((await call('DELETE', '/api/admin/vendors/tts', undefined, user)).status).toBe(403);
    expect((await row('kling')).source).toBe('none');
  });

  it('speech: a save seals the key, is audited, and the very next synthesis uses the saved base URL and key', async () => {
    expect(t.ctx.speech?.demo).toBe(true);
    const saved = await call<AdminVendorItem>('PUT', '/api/admin/vendors/tts', { baseUrl: `${speech.url}/v1`, apiKey: TTS_KEY });
    expect(saved.body).toMatchObject({ code: 200, msg: ADMIN_VENDORS_MSG.adminVendorSaved });
    expect(saved.body.data).toMatchObject({ kind: 'speech', source: 'database', editable: true, testable: true, keySet: true, keyLast4: '4321', baseUrl: `${speech.url}/v1` });

    const rows = JSON.stringify(await t.ctx.database.db.execute(`SELECT api_key_sealed FROM vendor_settings WHERE vendor = 'tts'`));
    expect(rows).toContain('v1:');
    expect(rows).not.toContain(TTS_KEY);

    // The backend in force changed without a restart: the vendor's protocol, the saved key, the saved base URL.
    const tts = t.ctx.speech!;
    expect(tts.demo).toBe(false);
    const out = await tts.synthesize({ text: '你好', format: 'mp3' });
    expect(out.bytes.length).toBeGreaterThan(0);
    expect(speech.requests.at(-1)).toMatchObject({ path: '/v1/audio/speech', auth: `Bearer ${TTS_KEY}` });

    // The call is on the row's numbers (speech:tts, apart from any chat vendor).
    const r = await row('tts');
    expect(r.stats).toMatchObject({ calls: 1, errors: 0, errorRate: 0 });
    expect(r.stats.latencyP50Ms).toEqual(expect.any(Number));

    const audit = await call<{ list: { action: string; target: unknown; after: unknown }[] }>('GET', '/api/admin/audit?action=vendor.update');
    expect(JSON.stringify(audit.body.data)).not.toContain(TTS_KEY);
    expect(audit.body.data.list[0]).toMatchObject({ action: 'vendor.update', after: { baseUrl: `${speech.url}/v1`, apiKey: '••••4321' } });
  });

  it('speech: the test button speaks through the adapter; a refused key comes back as a Chinese error and counts as a failure', async () => {
    const before = speech.requests.length;
    const good = await test('tts');
    expect(good).toMatchObject({ code: 200, data: { ok: true, status: 200 } });
    expect(good.data.message).toMatch(/^连接成功/);
    expect(speech.requests.length).toBe(before + 1);

    await call('PUT', '/api/admin/vendors/tts', { apiKey: 'bad' });
    const bad = await test('tts');
    expect(bad.data).toMatchObject({ ok: false, message: ADMIN_VENDORS_MSG.adminVendorTestAuthFailed });
    await expect(t.ctx.speech!.synthesize({ text: '你好', format: 'mp3' })).rejects.toThrow();
    expect((await row('tts')).stats).toMatchObject({ calls: 2, errors: 1 });

    // Back to the environment: the demo voice again.
    const reset = await call<AdminVendorItem>('DELETE', '/api/admin/vendors/tts');
    expect(reset.body).toMatchObject({ msg: ADMIN_VENDORS_MSG.adminVendorReset, data: { source: 'none' } });
    expect(t.ctx.speech?.demo).toBe(true);
  });

  it('speech: 阿里云百炼 CosyVoice is its own entry; a key saved there makes it the voice, its test speaks through it', async () => {
    const before = await row('cosyvoice');
    expect(before).toMatchObject({ kind: 'speech', source: 'none', defaultBaseUrl: 'https://dashscope.aliyuncs.com', keySet: false });
    expect((await test('cosyvoice')).data).toMatchObject({ ok: false, message: ADMIN_VENDORS_MSG.adminVendorTestNotConfigured });

    await call('PUT', '/api/admin/vendors/cosyvoice', { baseUrl: cosy.url, apiKey: COSYVOICE_KEY });
    const tts = t.ctx.speech!;
    expect(tts).toMatchObject({ name: 'cosyvoice', demo: false });
    // The test app keeps files on local disk: no presigned URL for a clone sample, so no cloning.
    expect(tts.cloner).toBeUndefined();
    await tts.synthesize({ text: '你好', format: 'mp3' });
    expect(cosy.tasks.at(-1)).toMatchObject({ auth: `bearer ${COSYVOICE_KEY}` });
    expect(cosy.tasks.at(-1)!.messages[0]).toMatchObject({ header: { action: 'run-task' }, payload: { model: 'cosyvoice-v2' } });
    expect((await row('cosyvoice')).stats).toMatchObject({ calls: 1, errors: 0 });

    const good = await test('cosyvoice');
    expect(good.data).toMatchObject({ ok: true, status: 200 });
    expect(cosy.tasks.at(-1)!.messages[1]).toMatchObject({ payload: { input: { text: '测试' } } });
    // 语音合成 has no key of its own here: its test says so rather than testing CosyVoice.
    expect((await test('tts')).data).toMatchObject({ ok: false, message: ADMIN_VENDORS_MSG.adminVendorTestNotConfigured });

    await call('PUT', '/api/admin/vendors/cosyvoice', { apiKey: 'bad' });
    expect((await test('cosyvoice')).data).toMatchObject({ ok: false, message: ADMIN_VENDORS_MSG.adminVendorTestAuthFailed });

    await call('DELETE', '/api/admin/vendors/cosyvoice');
    expect(t.ctx.speech?.demo).toBe(true);
  });

  it('another process rebuilds its backend when the save is announced on the shared store (no restart, no poll)', async () => {
    // What createContext builds on another process: its own view of the settings over the same database and store.
    const other = await VendorSettings.open({
      database: t.ctx.database,
      kv: t.ctx.kv,
      box: new KeyBox(await loadKeySecret(t.ctx.config)),
      env: vendorEnv(t.ctx.config),
      log: t.app.log,
    });
    const stop = await other.watch(0);
    try {
      const otherSpeech = rebuildOnChange(other, t.ctx.config, (c) => createTextToSpeech(c, { demo: true }), t.app.log);
      expect(otherSpeech()?.demo).toBe(true);
      await call('PUT', '/api/admin/vendors/tts', { baseUrl: `${speech.url}/v1`, apiKey: TTS_KEY });
      await vi.waitFor(() => expect(otherSpeech()?.demo).toBe(false), { timeout: 5000 });
      await otherSpeech()!.synthesize({ text: '另一个进程', format: 'mp3' });
      expect(speech.requests.at(-1)).toMatchObject({ path: '/v1/audio/speech', auth: `Bearer ${TTS_KEY}` });
      await call('DELETE', '/api/admin/vendors/tts');
      await vi.waitFor(() => expect(otherSpeech()?.demo).toBe(true), { timeout: 5000 });
    } finally {
      stop();
    }
  });

  it('Kling: both keys are asked, sealed and never shown; the route appears with them and the test signs its JWT', async () => {
    const item = await row('kling');
    expect(item).toMatchObject({ pairedSecret: true, keySet: false, secretKeySet: false, secretKeyLast4: null });
    expect(videoOf(t.ctx).route('text2video')?.adapter.vendor).not.toBe('kling');

    // The access key alone is not enough to call Kling.
    await call('PUT', '/api/admin/vendors/kling', { baseUrl: video.base, apiKey: FAKE_KLING.accessKey });
    expect((await test('kling')).data).toMatchObject({ ok: false, message: ADMIN_VENDORS_MSG.adminVendorTestNotConfigured });

    const saved = await call<AdminVendorItem>('PUT', '/api/admin/vendors/kling', { secretKey: KLING_SECRET_WRONG });
    expect(saved.body.data).toMatchObject({ source: 'database', keySet: true, secretKeySet: true, secretKeyLast4: '0000' });
    const rows = JSON.stringify(await t.ctx.database.db.execute(`SELECT secret_key_sealed FROM vendor_settings WHERE vendor = 'kling'`));
    expect(rows).toContain('v1:');
    expect(rows).not.toContain(KLING_SECRET_WRONG);
    // The video backend was rebuilt with the pair: Kling now serves text to video.
    expect(videoOf(t.ctx).route('text2video')?.adapter.vendor).toBe('kling');

    // A wrong secret key: the fake refuses the JWT.
    const wrong = await test('kling');
    expect(wrong.data).toMatchObject({ ok: false, status: 401, message: ADMIN_VENDORS_MSG.adminVendorTestUnauthorized(401) });

    await call('PUT', '/api/admin/vendors/kling', { secretKey: FAKE_KLING.secretKey });
    const ok = await test('kling');
    expect(ok.data).toMatchObject({ ok: true, status: 200 });
    const listed = video.requests.filter((r) => r.method === 'GET' && r.path === '/v1/videos/text2video');
    expect(listed.length).toBe(2);

    // Keys shorter than 8 characters (the fake's) show no tail at all.
    const audit = await call<{ list: { after: unknown }[] }>('GET', '/api/admin/audit?action=vendor.update');
    expect(audit.body.data.list[0]).toMatchObject({ after: { baseUrl: video.base, apiKey: '••••', secretKey: '••••' } });
  });

  it('music: the MiniMax test reads its file list (its own error codes in Chinese), the relay test its fetch; the song backend follows each save', async () => {
    expect(musicOf(t.ctx).songs.name).toBe('demo');
    await call('PUT', '/api/admin/vendors/minimax-music', { baseUrl: music.base, apiKey: 'wrong-key' });
    expect(musicOf(t.ctx).songs.name).toBe('minimax');
    expect((await test('minimax-music')).data).toMatchObject({ ok: false, message: ADMIN_VENDORS_MSG.adminVendorTestAuthFailed });
    await call('PUT', '/api/admin/vendors/minimax-music', { apiKey: 'good-key' });
    expect((await test('minimax-music')).data).toMatchObject({ ok: true });
    expect(music.requests.filter((r) => r.path === '/v1/files/list').map((r) => r.auth)).toEqual(['Bearer wrong-key', 'Bearer good-key']);

    // A Suno relay saved too takes precedence (a relay first, then MiniMax); its test is a fetch of a task nobody submitted.
    await call('PUT', '/api/admin/vendors/suno', { baseUrl: music.base, apiKey: 'relay-key' });
    expect(musicOf(t.ctx).songs.name).toBe('suno');
    expect((await test('suno')).data).toMatchObject({ ok: true, status: 200 });
    expect(music.requests.at(-1)).toMatchObject({ method: 'GET', path: '/suno/fetch/wanxiang-connection-test', auth: 'Bearer relay-key' });
    await call('DELETE', '/api/admin/vendors/suno');
    expect(musicOf(t.ctx).songs.name).toBe('minimax');
  });

  it('refuses a second secret for a vendor with one key, and a vendor that does not answer is a Chinese error', async () => {
    expect((await call('PUT', '/api/admin/vendors/tts', { secretKey: 'sk-two' })).body).toMatchObject({ code: 400, msg: ADMIN_VENDORS_MSG.adminVendorNoSecretKey });
    await call('PUT', '/api/admin/vendors/searxng', { baseUrl: 'http://127.0.0.1:9' });
    expect((await test('searxng')).data).toMatchObject({ ok: false, message: ADMIN_VENDORS_MSG.adminVendorTestUnreachable });
    expect(t.ctx.webSearch.adapter?.kind).toBe('searxng');
  });
});
