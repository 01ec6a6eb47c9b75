import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The official account's message encryption (安全模式 / 兼容模式): the body's <Encrypt> is
 * AES-256-CBC with the key decoded from the 43-character EncodingAESKey, the IV its first 16
 * bytes, PKCS#7 padding to 32-byte blocks; the plaintext is 16 random bytes, the message length
 * (4 bytes, big-endian), the message, then the appid. msg_signature signs the ciphertext.
 */

const BLOCK = 32;

export class WechatCryptError extends Error {}

/** The 32-byte AES key of an EncodingAESKey, or null when it is not 43 base64 characters. */
export function aesKeyOf(encodingAesKey: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]{43}$/.test(encodingAesKey)) return null;
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  return key.length === 32 ? key : null;
}

/** sha1 of [token, timestamp, nonce, encrypt] sorted and joined. */
export function msgSignature(token: string, timestamp: string, nonce: string, encrypt: string): string {
  return createHash('sha1').update([token, timestamp, nonce, encrypt].sort().join(''), 'utf8').digest('hex');
}

export function msgSignatureValid(
  token: string,
  q: { msg_signature?: string; timestamp?: string; nonce?: string },
  encrypt: string,
): boolean {
  const { msg_signature: sig, timestamp, nonce } = q;
  if (!token || !sig || !timestamp || !nonce || !/^[0-9a-f]{40}$/i.test(sig)) return false;
  return timingSafeEqual(Buffer.from(msgSignature(token, timestamp, nonce, encrypt), 'utf8'), Buffer.from(sig.toLowerCase(), 'utf8'));
}

/** The message inside `encrypt`; throws WechatCryptError when it does not decrypt or is for another appid. */
export function decryptMessage(key: Buffer, encrypt: string, appId: string): string {
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    plain = Buffer.concat([decipher.update(Buffer.from(encrypt, 'base64')), decipher.final()]);
  } catch (err) {
    throw new WechatCryptError('WeChat message does not decrypt', { cause: err });
  }
  const pad = plain[plain.length - 1] ?? 0;
  if (pad < 1 || pad > BLOCK || plain.length < 20 + pad) throw new WechatCryptError('WeChat message padding is wrong');
  const body = plain.subarray(16, plain.length - pad);
  const len = body.readUInt32BE(0);
  if (len > body.length - 4) throw new WechatCryptError('WeChat message length is wrong');
  const from = body.subarray(4 + len).toString('utf8');
  if (from !== appId) throw new WechatCryptError('WeChat message is for another appid');
  return body.subarray(4, 4 + len).toString('utf8');
}

/** The <Encrypt> of `message` for `appId` (WeChat's side; our tests play it). */
export function encryptMessage(key: Buffer, message: string, appId: string, random: Buffer = randomBytes(16)): string {
  const msg = Buffer.from(message, 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(msg.length, 0);
  const raw = Buffer.concat([random, len, msg, Buffer.from(appId, 'utf8')]);
  const pad = BLOCK - (raw.length % BLOCK);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([raw, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
}
