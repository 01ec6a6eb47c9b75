import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { testConfig } from '../../config';
import { createSmsProvider } from './index';
import { createTencentSms, type TencentSmsSettings } from './tencent';
import { SmsError } from './types';

const SECRET_ID = 'AKIDtest0000000000';
const SECRET_KEY = 'test-secret-key-never-logged';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A fake of sms.tencentcloudapi.com written from Tencent's documentation, independently of the
 * adapter's signing code: it recomputes TC3-HMAC-SHA256 from the raw request and answers
 * AuthFailure.SignatureFailure when it does not match, like the real endpoint.
 */
function verifySignature(req: Received): string | null {
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'malformed Authorization';
  const [, id, date, signedHeaders, signature] = m as unknown as [string, string, string, string, string];
  if (id !== SECRET_ID) return 'unknown SecretId';
  const ts = Number(req.headers['x-tc-timestamp']);
  if (new Date(ts * 1000).toISOString().slice(0, 10) !== date) return 'date does not match timestamp';
  if (Math.abs(Date.now() / 1000 - ts) > 300) return 'timestamp too old';
  const names = signedHeaders.split(';');
  if (!names.includes('content-type') || !names.includes('host')) return 'content-type and host must be signed';
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const hashedPayload = createHash('sha256').update(req.body).digest('hex');
  const canonical = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${hashedPayload}`;
  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/sms/tc3_request\n${createHash('sha256').update(canonical).digest('hex')}`;
  const kDate = createHmac('sha256', `TC3${SECRET_KEY}`).update(date).digest();
  const kService = createHmac('sha256', kDate).update('sms').digest();
  const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
  const expected = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return expected === signature ? null : 'signature mismatch';
}

let server: Server;
let endpoint: string;
let received: Received[] = [];
/** What the fake answers next: 'ok', a per-number refusal, or a request-level error. */
let mode: 'ok' | 'number-refused' | 'error' | 'not-json' = 'ok';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      res.setHeader('content-type', 'application/json');
      const requestId = 'req-1';
      const sigProblem = verifySignature(r);
      if (sigProblem) {
        res.end(
          JSON.stringify({ Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: sigProblem }, RequestId: requestId } }),
        );
        return;
      }
      if (mode === 'not-json') {
        res.statusCode = 502;
        res.end('<html>bad gateway</html>');
      } else if (mode === 'error') {
        res.end(
          JSON.stringify({
            Response: {
              Error: { Code: 'FailedOperation.SignatureIncorrectOrUnapproved', Message: 'sign not approved' },
              RequestId: requestId,
            },
          }),
        );
      } else {
        const phone = (JSON.parse(r.body) as { PhoneNumberSet: string[] }).PhoneNumberSet[0];
        const status =
          mode === 'ok'
            ? { SerialNo: '2028:1', PhoneNumber: phone, Fee: 1, SessionContext: '', Code: 'Ok', Message: 'send success', IsoCode: 'CN' }
            : {
                SerialNo: '',
                PhoneNumber: phone,
                Fee: 0,
                SessionContext: '',
                Code: 'LimitExceeded.PhoneNumberDailyLimit',
                Message: 'daily limit',
                IsoCode: 'CN',
              };
        res.end(JSON.stringify({ Response: { SendStatusSet: [status], RequestId: requestId } }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(() => {
  received = [];
  mode = 'ok';
});

const settings = (over: Partial<TencentSmsSettings> = {}): TencentSmsSettings => ({
  secretId: SECRET_ID,
  secretKey: SECRET_KEY,
  appId: '1400000001',
  signName: '万象AI',
  templateId: '1234567',
  region: 'ap-guangzhou',
  endpoint,
  ...over,
});

describe('Tencent Cloud SMS adapter', () => {
  it('sends a correctly signed SendSms request with the template parameters', async () => {
    await createTencentSms(settings()).send('13800138000', '482913');
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.headers['x-tc-action']).toBe('SendSms');
    expect(r.headers['x-tc-version']).toBe('2021-01-11');
    expect(r.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(r.body)).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000001',
      SignName: '万象AI',
      TemplateId: '1234567',
      TemplateParamSet: ['482913', '5'],
    });
    // The secret itself never travels.
    expect(JSON.stringify(r.headers) + r.body).not.toContain(SECRET_KEY);
  });

  it('is refused by the endpoint when signed with the wrong key', async () => {
    const err = await createTencentSms(settings({ secretKey: 'wrong' }))
      .send('13800138000', '1234')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect((err as SmsError).vendorCode).toBe('AuthFailure.SignatureFailure');
  });

  it('maps a request-level error to SmsError with the vendor code', async () => {
    mode = 'error';
    const err = await createTencentSms(settings())
      .send('13800138000', '1234')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect((err as SmsError).vendorCode).toBe('FailedOperation.SignatureIncorrectOrUnapproved');
    expect((err as SmsError).message).not.toContain(SECRET_KEY);
  });

  it('maps a per-number refusal to SmsError with the vendor code', async () => {
    mode = 'number-refused';
    const err = await createTencentSms(settings())
      .send('13800138000', '1234')
      .catch((e: unknown) => e);
    expect((err as SmsError).vendorCode).toBe('LimitExceeded.PhoneNumberDailyLimit');
  });

  it('reports a non-JSON answer and an unreachable endpoint as SmsError', async () => {
    mode = 'not-json';
    const e1 = await createTencentSms(settings())
      .send('13800138000', '1234')
      .catch((e: unknown) => e);
    expect((e1 as SmsError).vendorCode).toBe('HTTP502');
    const e2 = await createTencentSms(settings({ endpoint: 'http://127.0.0.1:1' }))
      .send('13800138000', '1234')
      .catch((e: unknown) => e);
    expect((e2 as SmsError).vendorCode).toBe('NetworkError');
  });
});

describe('createSmsProvider', () => {
  it('logs the code with the console provider and never in production config', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (s: string) => lines.push(s) });
    const sms = createSmsProvider(testConfig(), logger);
    expect(sms.name).toBe('console');
    await sms.send('13800138000', '654321');
    expect(lines.join('')).toContain('654321');
    expect(() => testConfig({ NODE_ENV: 'production', SMS_FIXED_CODE: '' })).toThrow(/SMS_PROVIDER/);
  });

  it('builds the Tencent adapter from config', () => {
    const config = testConfig({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: SECRET_ID,
      TENCENT_SMS_SECRET_KEY: SECRET_KEY,
      TENCENT_SMS_APP_ID: '1400000001',
      TENCENT_SMS_SIGN_NAME: '万象AI',
      TENCENT_SMS_TEMPLATE_ID: '1234567',
    });
    expect(createSmsProvider(config, pino({ level: 'silent' })).name).toBe('tencent');
  });
});
