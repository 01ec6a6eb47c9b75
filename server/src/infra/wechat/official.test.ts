import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfficialWechat, SHOW_QR_URL } from './official';
import { signatureValid, wechatSignature } from './signature';
import { scanEventXml, startFakeWechat, type FakeWechat } from './testing/fake-wechat';
import { parseScanEvent } from './xml';

const settings = (base: string, secret = 's3cret') => ({
  login: 'official' as const,
  appId: 'wx123',
  appSecret: secret,
  token: 'cbtoken',
  apiBase: base,
});

describe('official-account WeChat adapter against a local fake WeChat API', () => {
  let fake: FakeWechat;
  beforeAll(async () => {
    fake = await startFakeWechat('wx123', 's3cret');
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('fetches a token once, caches it, and creates temporary QR_STR_SCENE codes', async () => {
    const before = fake.tokenCalls;
    const wx = createOfficialWechat(settings(fake.base));
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

  it('fetches a new token when the cached one expires or WeChat invalidates it', async () => {
    let clock = 1_000_000;
    const wx = createOfficialWechat(settings(fake.base), fetch, () => clock);
    const start = fake.tokenCalls;
    await wx.createQr('s1', 300, '');
    clock += 2 * 3600_000; // past expires_in
    await wx.createQr('s2', 300, '');
    expect(fake.tokenCalls - start).toBe(2);
    fake.invalidateTokens();
    await expect(wx.createQr('s3', 300, '')).resolves.toMatchObject({ type: 'image' });
    expect(fake.tokenCalls - start).toBe(3);
  });

  it('fails loudly with a wrong secret', async () => {
    const wx = createOfficialWechat(settings(fake.base, 'wrong'));
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
});
