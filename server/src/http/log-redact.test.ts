import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { REDACTED, REDACTED_PATHS, redactUrl } from './log-redact';

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

describe('secret-named fields', () => {
  it('are redacted at the top and one level down, any other field kept', async () => {
    const { default: pino } = await import('pino');
    const out: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        out.push(chunk.toString('utf8'));
        done();
      },
    });
    const log = pino({ redact: { paths: [...REDACTED_PATHS], censor: REDACTED } }, sink);
    log.info(
      {
        token: 't1',
        headers: { authorization: 'Bearer a1', cookie: 'c1', 'set-cookie': 's1', accept: 'text/html' },
        body: { pass: 'p0', password: 'p1', apiKey: 'k1', phone: '13900000000', user: 'someone' },
      },
      'x',
    );
    const line = JSON.parse(out.join('')) as Record<string, Record<string, string>>;
    expect(line.token).toBe(REDACTED);
    expect(line.headers).toEqual({ authorization: REDACTED, cookie: REDACTED, 'set-cookie': REDACTED, accept: 'text/html' });
    expect(line.body).toEqual({ pass: REDACTED, password: REDACTED, apiKey: REDACTED, phone: '13900000000', user: 'someone' });
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

  const linesOf = (msg: string) =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === msg);

  it('one completed line per request: method, route pattern, status, duration, user id, request id; never a token, password, cookie or header', async () => {
    const { token, user } = await t.loginAs();
    const password = 'Pw-NeverLogged-77123';
    const cookie = 'sid=CookieNeverLogged991';
    const before = linesOf('request completed').length;
    const asks = [
      await t.app.inject({ url: '/api/v1/user/info', headers: { token, cookie } }),
      await t.app.inject({ url: '/api/v1/user/info', headers: { authorization: `Bearer ${token}` } }),
      await t.app.inject({ url: `/api/v1/tasks/tNoSuchTask000000001?token=${token}`, headers: { token } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { user: 'nobody_here', pass: password },
        remoteAddress: '10.9.8.7',
      }),
    ];
    const done = linesOf('request completed').slice(before);
    expect(done).toHaveLength(asks.length);
    for (const [i, line] of done.entries()) {
      expect(line).toMatchObject({ method: asks[i]!.raw.req.method, status: asks[i]!.statusCode, reqId: asks[i]!.headers['x-request-id'] });
      expect(typeof line.durationMs).toBe('number');
      expect(line).not.toHaveProperty('headers');
    }
    expect(done.map((l) => [l.route, l.userId])).toEqual([
      ['/api/v1/user/info', user.id],
      ['/api/v1/user/info', user.id],
      ['/api/v1/tasks/:taskId', user.id],
      ['/api/v1/user/login', null],
    ]);
    expect(done[2]!.url).toBe(`/api/v1/tasks/tNoSuchTask000000001?token=${REDACTED}`);
    const text = lines.join('');
    for (const secret of [token, password, 'CookieNeverLogged991']) expect(text).not.toContain(secret);
  });

  it('an unknown path is logged under the route `unmatched`, its URL redacted', async () => {
    const before = linesOf('request completed').length;
    await t.app.inject({ url: '/api/v1/no/such/route?access_token=abcSecret123456' });
    const [line] = linesOf('request completed').slice(before);
    expect(line).toMatchObject({ route: 'unmatched', status: 404, url: `/api/v1/no/such/route?access_token=${REDACTED}`, userId: null });
  });
});
