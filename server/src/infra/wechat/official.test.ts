import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../kv';
import { createAccessTokens } from './access-token';
import { createOfficialWechat, SHOW_QR_URL } from './official';
import { signatureValid, wechatSignature } from './signature';
import { encryptedCallback, scanEventXml, startFakeWechat, type FakeWechat } from './testing/fake-wechat';
import { parseScanEvent } from './xml';

const settings = (base: string, secret = 's3cret') => ({
  login: 'official' as const,
  appId: 'wx123',
  appSecret: secret,
  token: 'cbtoken',
  encodingAesKey: '',
  apiBase: base,
});

/** The adapter with its own token holder (a fresh store: no token shared from another test). */
const official = (s: ReturnType<typeof settings>) =>
  createOfficialWechat(s, createAccessTokens({ kv: createMemoryStore(), apiBase: s.apiBase }).holder({ appId: s.appId, appSecret: s.appSecret }));

describe('official-account WeChat adapter against a local fake WeChat API', () => {
  let fake: FakeWechat;
  beforeAll(async () => {
    fake = await startFakeWechat('wx123', 's3cret');
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('fetches a token once (stable_token), caches it, and creates temporary QR_STR_SCENE codes', async () => {
    const before = fake.tokenCalls;
    const wx = official(settings(fake.base));
    const [a, b] = await Promise.all([wx.createQr('sceneA', 300, 'http://x'), wx.createQr('sceneB', 300, 'http://x')]);
    await wx.createQr('sceneC', 120, 'http://x');
    expect(fake.tokenCalls - before).toBe(1);
    expect(a).toEqual({ url: SHOW_QR_URL + encodeURIComponent('gQ+sceneA/=='), type: 'image', expiresInSec: 300 });
    expect(b.url).toContain(encodeURIComponent('gQ+sceneB/=='));
    expect(fake.qrCalls.slice(-3)).toEqual([
      { scene: 'sceneA', expire_seconds: 300, action_name: 'QR_STR_SCENE' },
      { scene: 'sceneB', expire_seconds: 300, action_name: 'QR_STR_SCENE' },
      { scene: 'sceneC', expire_seconds: 120, action_name: 'QR_STR_SCENE' },
    ]);
  });

  it('fetches a new token when WeChat invalidates the cached one', async () => {
    const wx = official(settings(fake.base));
    const start = fake.tokenCalls;
    await wx.createQr('s1', 300, '');
    fake.invalidateTokens();
    await expect(wx.createQr('s3', 300, '')).resolves.toMatchObject({ type: 'image' });
    expect(fake.tokenCalls - start).toBe(2);
  });

  it('fails loudly with a wrong secret', async () => {
    const wx = official(settings(fake.base, 'wrong'));
    await expect(wx.createQr('s', 300, '')).rejects.toThrow(/40125/);
  });

  it('checks callback signatures in constant time and refuses forged or missing ones', () => {
    const sig = wechatSignature('cbtoken', '1700000000', 'abc');
    expect(signatureValid('cbtoken', { signature: sig, timestamp: '1700000000', nonce: 'abc' })).toBe(true);
    expect(signatureValid('cbtoken', { signature: sig.toUpperCase(), timestamp: '1700000000', nonce: 'abc' })).toBe(true);
    expect(signatureValid('cbtoken', { signature: sig, timestamp: '1700000001', nonce: 'abc' })).toBe(false);
    expect(signatureValid('other', { signature: sig, timestamp: '1700000000', nonce: 'abc' })).toBe(false);
    expect(signatureValid('cbtoken', { signature: 'zz', timestamp: '1', nonce: 'n' })).toBe(false);
    expect(signatureValid('', { signature: sig, timestamp: '1700000000', nonce: 'abc' })).toBe(false);
    expect(signatureValid('cbtoken', {})).toBe(false);
  });

  it('reads SCAN and subscribe events, ignores everything else', () => {
    expect(parseScanEvent(scanEventXml('oABC_123', 'scene1'))).toEqual({ openid: 'oABC_123', scene: 'scene1' });
    expect(parseScanEvent(scanEventXml('oABC_123', 'scene1', 'subscribe'))).toEqual({ openid: 'oABC_123', scene: 'scene1' });
    expect(parseScanEvent(scanEventXml('oABC_123', 'scene1').replace('SCAN', 'CLICK'))).toBeNull();
    expect(parseScanEvent('<xml><MsgType><![CDATA[text]]></MsgType></xml>')).toBeNull();
    // subscribe without a QR (plain follow) is not a login
    expect(parseScanEvent(scanEventXml('oABC_123', 'x', 'subscribe').replace('qrscene_x', ''))).toBeNull();
    expect(parseScanEvent('not xml')).toBeNull();
  });

  it('opens encrypted events (safe and compatible mode) only with a good msg_signature and the right appid', () => {
    const key = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const wx = official({ ...settings('http://127.0.0.1:9'), encodingAesKey: key });
    const scan = scanEventXml('oSafe_1', 'scene9');
    const asQuery = (q: string) => Object.fromEntries(new URLSearchParams(q));
    for (const mode of ['safe', 'compatible'] as const) {
      const cb = encryptedCallback('cbtoken', key, 'wx123', scan, mode);
      expect(wx.parseEvent(cb.body, asQuery(cb.query))).toEqual({ openid: 'oSafe_1', scene: 'scene9' });
    }
    const cb = encryptedCallback('cbtoken', key, 'wx123', scan);
    // A forged msg_signature, a message for another account, or a wrong key: nothing.
    expect(wx.parseEvent(cb.body, { ...asQuery(cb.query), msg_signature: '0'.repeat(40) })).toBeNull();
    const other = encryptedCallback('cbtoken', key, 'wxOTHER', scan);
    expect(wx.parseEvent(other.body, asQuery(other.query))).toBeNull();
    const wrongKey = encryptedCallback('cbtoken', 'A'.repeat(43), 'wx123', scan);
    expect(wx.parseEvent(wrongKey.body, asQuery(wrongKey.query))).toBeNull();
    // With a key configured a plain body is refused: nothing signs it, so it could be anyone's.
    expect(wx.parseEvent(scan, asQuery(cb.query))).toBeNull();
    expect(wx.parseEvent(scan, {})).toBeNull();
    // Without a key, a compatible-mode message is read from its plain fields; a safe-mode one cannot be.
    const plainWx = official(settings('http://127.0.0.1:9'));
    const compat = encryptedCallback('cbtoken', key, 'wx123', scan, 'compatible');
    expect(plainWx.parseEvent(compat.body, asQuery(compat.query))).toEqual({ openid: 'oSafe_1', scene: 'scene9' });
    expect(plainWx.parseEvent(cb.body, asQuery(cb.query))).toBeNull();
  });
});
