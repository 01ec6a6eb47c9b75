import { describe, expect, it } from 'vitest';
import { aesKeyOf, decryptMessage, encryptMessage, msgSignature, msgSignatureValid, WechatCryptError } from './crypt';
import { xmlField } from './xml';

/** Tencent's published sample for the official account's message encryption (its sample code's test values). */
const SAMPLE = {
  token: 'spamtest',
  encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  appId: 'wx2c2769f8efd9abc2',
  timestamp: '1409735669',
  nonce: '1320562132',
  msgSignature: '5d197aaffba7e9b25a30732f161a50dee96bd5fa',
  encrypt:
    'hyzAe4OzmOMbd6TvGdIOO6uBmdJoD0Fk53REIHvxYtJlE2B655HuD0m8KUePWB3+LrPXo87wzQ1QLvbeUgmBM4x6F8PGHQHFVAFmOD2LdJF9FrXpbUAh0B5GIItb52sn896wVsMSHGuPE328HnRGBcrS7C41IzDWyWNlZkyyXwon8T332jisa+h6tEDYsVticbSnyU8dKOIbgU6ux5VTjg3yt+WGzjlpKn6NPhRjpA912xMezR4kw6KWwMrCVKSVCZciVGCgavjIQ6X8tCOp3yZbGpy0VxpAe+77TszTfRd5RJSVO/HTnifJpXgCSUdUue1v6h0EIBYYI1BD1DlD+C0CR8e6OewpusjZ4uBl9FyJvnhvQl+q5rv1ixrcpCumEPo5MJSgM9ehVsNPfUM669WuMyVWQLCzpu9GhglF2PE=',
};

describe('WeChat message encryption', () => {
  const key = aesKeyOf(SAMPLE.encodingAesKey)!;

  it("checks and opens Tencent's sample message", () => {
    expect(msgSignature(SAMPLE.token, SAMPLE.timestamp, SAMPLE.nonce, SAMPLE.encrypt)).toBe(SAMPLE.msgSignature);
    expect(
      msgSignatureValid(
        SAMPLE.token,
        { msg_signature: SAMPLE.msgSignature, timestamp: SAMPLE.timestamp, nonce: SAMPLE.nonce },
        SAMPLE.encrypt,
      ),
    ).toBe(true);
    const xml = decryptMessage(key, SAMPLE.encrypt, SAMPLE.appId);
    expect(xmlField(xml, 'MsgType')).toBe('text');
    expect(xmlField(xml, 'Content')).toBe('abcdteT');
    expect(xmlField(xml, 'FromUserName')).toBe('oyORnuP8q7ou2gfYjqLzSIWZf0rs');
  });

  it('refuses a wrong signature, another appid, a wrong key and garbage', () => {
    const q = { msg_signature: SAMPLE.msgSignature, timestamp: SAMPLE.timestamp, nonce: '1320562133' };
    expect(msgSignatureValid(SAMPLE.token, q, SAMPLE.encrypt)).toBe(false);
    expect(msgSignatureValid(SAMPLE.token, { ...q, msg_signature: 'x' }, SAMPLE.encrypt)).toBe(false);
    expect(msgSignatureValid('', { ...q, nonce: SAMPLE.nonce }, SAMPLE.encrypt)).toBe(false);
    expect(() => decryptMessage(key, SAMPLE.encrypt, 'wxother')).toThrow(WechatCryptError);
    expect(() => decryptMessage(aesKeyOf('A'.repeat(43))!, SAMPLE.encrypt, SAMPLE.appId)).toThrow(WechatCryptError);
    expect(() => decryptMessage(key, 'bm90IGEgbWVzc2FnZQ==', SAMPLE.appId)).toThrow(WechatCryptError);
  });

  it('round-trips any message, Chinese included, for its appid', () => {
    const xml = '<xml><Content><![CDATA[我是中文abcd123]]></Content></xml>';
    const enc = encryptMessage(key, xml, 'wxapp1');
    expect(decryptMessage(key, enc, 'wxapp1')).toBe(xml);
    expect(Buffer.from(enc, 'base64').length % 32).toBe(0);
  });

  it('accepts only 43-character base64 keys', () => {
    expect(aesKeyOf(SAMPLE.encodingAesKey)?.length).toBe(32);
    expect(aesKeyOf('short')).toBeNull();
    expect(aesKeyOf(`${'a'.repeat(42)}!`)).toBeNull();
  });
});
