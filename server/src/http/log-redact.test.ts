import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { REDACTED, redactUrl } from './log-redact';

describe('redactUrl', () => {
  it('hides the values of session tokens, one-time codes, signatures and openids, keeping the rest', () => {
    expect(redactUrl('/?source=wanxiang_pc&token=abc&uid=7')).toBe(`/?source=wanxiang_pc&token=${REDACTED}&uid=7`);
    expect(redactUrl('/chat?access_token=x&type=index')).toBe(`/chat?access_token=${REDACTED}&type=index`);
    expect(redactUrl('/api/v1/wechat/callback?signature=s&timestamp=1&nonce=n&openid=o&msg_signature=m')).toBe(
      `/api/v1/wechat/callback?signature=${REDACTED}&timestamp=1&nonce=n&openid=${REDACTED}&msg_signature=${REDACTED}`,
    );
    expect(redactUrl('/?client_code=c1')).toBe(`/?client_code=${REDACTED}`);
    expect(redactUrl('/api/v1/user/queryWxQrcode?qrcode_id=q')).toBe(`/api/v1/user/queryWxQrcode?qrcode_id=${REDACTED}`);
  });

  it('matches names in any case and percent-encoding, and a value without "="', () => {
    expect(redactUrl('/?Token=abc')).toBe(`/?Token=${REDACTED}`);
    expect(redactUrl('/?%74oken=abc')).toBe(`/?%74oken=${REDACTED}`);
    expect(redactUrl('/?token')).toBe(`/?token=${REDACTED}`);
    expect(redactUrl('/?%zz=1&token=a')).toBe(`/?%zz=1&token=${REDACTED}`);
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/v1/user/info')).toBe('/api/v1/user/info');
    expect(redactUrl('/msg?type=aW5kZXg=&tokens=1')).toBe('/msg?type=aW5kZXg=&tokens=1');
  });
});

describe('request logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp('pglite', { env: { LOG_LEVEL: 'info' }, logStream: stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("never hold a desktop client's token from the address (page and API requests, errors too)", async () => {
    const secret = 'Zq9xSecretSessionToken0123456789abcdefghij';
    await t.app.inject({ url: `/?source=wanxiang_pc&token=${secret}&uid=3` });
    await t.app.inject({ url: `/api/v1/user/info?access_token=${secret}` });
    await t.app.inject({ url: `/api/v1/nowhere?token=${secret}` });
    const text = lines.join('');
    expect(text).toContain('source=wanxiang_pc');
    expect(text).toContain('incoming request');
    expect(text).not.toContain(secret);
  });
});
