import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { createAlipayProvider, rawJsonMember } from './alipay';
import { createPayRegistry } from './index';
import { createMockProvider } from './mock';
import { rsaKeys, startFakeAlipay, startFakeWechat, type FakeAlipay, type FakeWechat, type KeyPair } from './testing';
import { centsToYuan, PayGatewayError, PayVerifyError, yuanToCents, type PayProvider } from './types';
import { createWechatPayProvider, decryptResource } from './wechat';
import { encryptResource } from './testing';

/** Adapters against local fake gateways with generated keys: signing, verification, decryption, query. */
describe('amount conversion', () => {
  it('cents and yuan strings', () => {
    expect(centsToYuan(2990)).toBe('29.90');
    expect(centsToYuan(5)).toBe('0.05');
    expect(yuanToCents('29.90')).toBe(2990);
    expect(yuanToCents('29.9')).toBe(2990);
    expect(yuanToCents('199')).toBe(19900);
    expect(yuanToCents('1.234')).toBeNull();
    expect(yuanToCents('-1')).toBeNull();
  });
  it('raw member text keeps the bytes as sent', () => {
    const text = '{"a_response":{ "x":"}{\\"" , "n":{"m":1}},"sign":"s"}';
    expect(rawJsonMember(text, 'a_response')).toBe('{ "x":"}{\\"" , "n":{"m":1}}');
  });
});

describe('mock provider', () => {
  const mock = createMockProvider({ baseUrl: '' });
  it('verifies its own signed notify and refuses a changed one', async () => {
    const created = await mock.createPayment({ orderNo: 'WX1', amountCents: 2990, subject: 's' });
    expect(created.payUrl).toBe('/api/v1/pay/mock/page?query_order=WX1');
    const f = mock.signedNotify('WX1', 2990);
    await expect(mock.verifyNotify({ headers: {}, body: new URLSearchParams(f).toString() })).resolves.toMatchObject({
      orderNo: 'WX1',
      amountCents: 2990,
      paid: true,
    });
    await expect(mock.verifyNotify({ headers: {}, body: JSON.stringify(f) })).resolves.toMatchObject({ amountCents: 2990 });
    await expect(
      mock.verifyNotify({ headers: {}, body: new URLSearchParams({ ...f, amount_cents: '1' }).toString() }),
    ).rejects.toBeInstanceOf(PayVerifyError);
    const other = createMockProvider({ baseUrl: '' });
    await expect(other.verifyNotify({ headers: {}, body: JSON.stringify(f) })).rejects.toBeInstanceOf(PayVerifyError);
  });
});

describe("the mock's key across processes", () => {
  const notifyOf = (env: Record<string, string>) => createPayRegistry(testConfig(env)).mock!.signedNotify('WX2', 990);
  const verifiedBy = (env: Record<string, string>, f: Record<string, string>) =>
    createPayRegistry(testConfig(env)).mock!.verifyNotify({ headers: {}, body: JSON.stringify(f) });
  const pg = { DATABASE_URL: 'postgres://app@db.internal:5432/wanxiang' };

  it('processes on one PostgreSQL verify each other’s notifies (the page on one, the notify landing on another)', async () => {
    await expect(verifiedBy(pg, notifyOf(pg))).resolves.toMatchObject({ orderNo: 'WX2', amountCents: 990 });
    await expect(verifiedBy({ DATABASE_URL: 'postgres://app@db.internal:5432/other' }, notifyOf(pg))).rejects.toBeInstanceOf(
      PayVerifyError,
    );
  });

  it('PAY_MOCK_SECRET wins; on the embedded database each process has its own key', async () => {
    const set = { PAY_MOCK_SECRET: 'shared-mock-secret' };
    await expect(verifiedBy(set, notifyOf(set))).resolves.toMatchObject({ orderNo: 'WX2' });
    await expect(verifiedBy({ ...pg, ...set }, notifyOf(pg))).rejects.toBeInstanceOf(PayVerifyError);
    await expect(verifiedBy({}, notifyOf({}))).rejects.toBeInstanceOf(PayVerifyError);
  });
});

describe('alipay adapter against a fake gateway', () => {
  let app: KeyPair;
  let gw: FakeAlipay;
  let pay: PayProvider;
  beforeAll(async () => {
    app = rsaKeys();
    gw = await startFakeAlipay(app.publicKey);
    pay = createAlipayProvider({
      appId: '2021000',
      privateKey: app.privatePem,
      publicKey: gw.alipayKeys.publicPem,
      gateway: gw.url,
      notifyUrl: 'https://ai.example.com/api/v1/pay/notify/alipay',
    });
  });
  afterAll(() => gw.close());

  it('precreate: signed request, verified answer, qr_code', async () => {
    const r = await pay.createPayment({ orderNo: 'WXA1', amountCents: 2990, subject: '万象AI-月度会员' });
    expect(r.payUrl).toBe('https://qr.alipay.com/fakeWXA1');
    expect(gw.badRequests).toBe(0);
    const req = gw.requests.at(-1)!;
    expect(req.method).toBe('alipay.trade.precreate');
    expect(req.sign_type).toBe('RSA2');
    expect(req.notify_url).toBe('https://ai.example.com/api/v1/pay/notify/alipay');
    expect(JSON.parse(req.biz_content!)).toMatchObject({ out_trade_no: 'WXA1', total_amount: '29.90' });
  });

  it('query reports the trade state and amount', async () => {
    await pay.createPayment({ orderNo: 'WXA2', amountCents: 100, subject: 's' });
    expect(await pay.query('WXA2')).toMatchObject({ paid: false, state: 'WAIT_BUYER_PAY' });
    gw.trades.get('WXA2')!.state = 'TRADE_SUCCESS';
    expect(await pay.query('WXA2')).toMatchObject({ paid: true, amountCents: 100, state: 'TRADE_SUCCESS' });
    expect(await pay.query('NOPE')).toMatchObject({ paid: false, state: 'ACQ.TRADE_NOT_EXIST' });
  });

  it('an answer signed by another key is refused', async () => {
    const wrong = createAlipayProvider({
      appId: '2021000',
      privateKey: app.privatePem,
      publicKey: rsaKeys().publicPem,
      gateway: gw.url,
      notifyUrl: 'x',
    });
    await expect(wrong.createPayment({ orderNo: 'WXA3', amountCents: 1, subject: 's' })).rejects.toBeInstanceOf(PayGatewayError);
  });

  it('a request signed by another app key is refused by the gateway', async () => {
    const other = createAlipayProvider({
      appId: '2021000',
      privateKey: rsaKeys().privatePem,
      publicKey: gw.alipayKeys.publicPem,
      gateway: gw.url,
      notifyUrl: 'x',
    });
    const before = gw.badRequests;
    await expect(other.createPayment({ orderNo: 'WXA4', amountCents: 1, subject: 's' })).rejects.toBeInstanceOf(PayGatewayError);
    expect(gw.badRequests).toBe(before + 1);
  });

  it('notify: RSA2 verified over sorted params without sign and sign_type; app id and status checked', async () => {
    const body = gw.notifyBody({ appId: '2021000', orderNo: 'WXA1', totalAmount: '29.90' });
    await expect(pay.verifyNotify({ headers: {}, body })).resolves.toMatchObject({ orderNo: 'WXA1', amountCents: 2990, paid: true });
    const waiting = gw.notifyBody({ appId: '2021000', orderNo: 'WXA1', totalAmount: '29.90', tradeStatus: 'WAIT_BUYER_PAY' });
    await expect(pay.verifyNotify({ headers: {}, body: waiting })).resolves.toMatchObject({ paid: false });
    const tampered = body.replace('total_amount=29.90', 'total_amount=0.01');
    await expect(pay.verifyNotify({ headers: {}, body: tampered })).rejects.toBeInstanceOf(PayVerifyError);
    const otherApp = gw.notifyBody({ appId: '9999', orderNo: 'WXA1', totalAmount: '29.90' });
    await expect(pay.verifyNotify({ headers: {}, body: otherApp })).rejects.toThrow(/another app/);
  });
});

describe('wechat pay v3 adapter against a fake gateway', () => {
  const apiV3Key = 'abcdefghijklmnopqrstuvwxyz012345';
  let merchant: KeyPair;
  let gw: FakeWechat;
  let pay: PayProvider;
  const settings = () => ({
    mchId: '1900000109',
    appId: 'wxapp',
    serialNo: 'MERCHANT_SERIAL',
    privateKey: merchant.privatePem,
    platformPublicKey: gw.platformKeys.publicPem,
    apiV3Key,
    base: gw.url,
    notifyUrl: 'https://ai.example.com/api/v1/pay/notify/wechat',
  });
  beforeAll(async () => {
    merchant = rsaKeys();
    gw = await startFakeWechat(merchant.publicKey, apiV3Key);
    pay = createWechatPayProvider(settings());
  });
  afterAll(() => gw.close());

  it('native: WECHATPAY2-SHA256-RSA2048 signed request, verified answer, code_url', async () => {
    const r = await pay.createPayment({ orderNo: 'WXW1', amountCents: 6990, subject: '万象AI-季度会员' });
    expect(r.payUrl).toBe('weixin://wxpay/bizpayurl?pr=fakeWXW1');
    expect(gw.badRequests).toBe(0);
    expect(gw.trades.get('WXW1')?.amountCents).toBe(6990);
  });

  it('query', async () => {
    expect(await pay.query('WXW1')).toMatchObject({ paid: false, state: 'NOTPAY' });
    gw.trades.get('WXW1')!.state = 'SUCCESS';
    expect(await pay.query('WXW1')).toMatchObject({ paid: true, amountCents: 6990 });
    expect(await pay.query('NOPE')).toMatchObject({ paid: false, state: 'ORDER_NOT_EXIST' });
  });

  it('a wrong merchant key is refused by the gateway; a wrong platform key refuses the answer', async () => {
    const badReq = createWechatPayProvider({ ...settings(), privateKey: rsaKeys().privatePem });
    await expect(badReq.createPayment({ orderNo: 'WXW2', amountCents: 1, subject: 's' })).rejects.toBeInstanceOf(PayGatewayError);
    expect(gw.badRequests).toBe(1);
    const badAnswer = createWechatPayProvider({ ...settings(), platformPublicKey: rsaKeys().publicPem });
    await expect(badAnswer.createPayment({ orderNo: 'WXW3', amountCents: 1, subject: 's' })).rejects.toThrow(/signature/);
  });

  it('notify: platform signature verified, resource decrypted, state and merchant checked', async () => {
    const n = gw.notify({ mchId: '1900000109', orderNo: 'WXW1', totalCents: 6990 });
    await expect(pay.verifyNotify(n)).resolves.toMatchObject({ orderNo: 'WXW1', amountCents: 6990, paid: true, tradeNo: '4200WXW1' });
    await expect(
      pay.verifyNotify({ headers: n.headers, body: n.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.X"') }),
    ).rejects.toBeInstanceOf(PayVerifyError);
    const stale = gw.notify({ mchId: '1900000109', orderNo: 'WXW1', totalCents: 6990, at: new Date(Date.now() - 3600_000) });
    await expect(pay.verifyNotify(stale)).rejects.toThrow(/stale/);
    const other = gw.notify({ mchId: '1', orderNo: 'WXW1', totalCents: 6990 });
    await expect(pay.verifyNotify(other)).rejects.toThrow(/merchant/);
    const closed = gw.notify({ mchId: '1900000109', orderNo: 'WXW1', totalCents: 6990, state: 'CLOSED' });
    await expect(pay.verifyNotify(closed)).resolves.toMatchObject({ paid: false });
  });

  it('AEAD_AES_256_GCM round trip; a wrong key does not decrypt', () => {
    const r = encryptResource(apiV3Key, '{"a":1}');
    expect(decryptResource(apiV3Key, r)).toBe('{"a":1}');
    expect(() => decryptResource('x'.repeat(32), r)).toThrow(PayVerifyError);
  });
});
