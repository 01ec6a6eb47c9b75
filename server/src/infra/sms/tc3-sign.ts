import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud API 3.0 request signing (TC3-HMAC-SHA256), as documented at
 * https://cloud.tencent.com/document/api/382/52071 . Pure: the same inputs give the same header,
 * which lets the fake server in the tests recompute and check it.
 */
export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** Service name, the first label of the host: 'sms'. */
  service: string;
  /** Host header value exactly as sent. */
  host: string;
  /** Lower-case value of X-TC-Action, part of the signed headers. */
  action: string;
  contentType: string;
  payload: string;
  /** Unix seconds, also sent as X-TC-Timestamp. */
  timestamp: number;
}

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
export const TC3_SIGNED_HEADERS = 'content-type;host;x-tc-action';

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

export function tc3Authorization(i: Tc3Input): string {
  const date = new Date(i.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalHeaders = `content-type:${i.contentType.toLowerCase()}\nhost:${i.host.toLowerCase()}\nx-tc-action:${i.action.toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, TC3_SIGNED_HEADERS, sha256Hex(i.payload)].join('\n');
  const scope = `${date}/${i.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(i.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const secretDate = hmac(`TC3${i.secretKey}`, date);
  const secretService = hmac(secretDate, i.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  return `${TC3_ALGORITHM} Credential=${i.secretId}/${scope}, SignedHeaders=${TC3_SIGNED_HEADERS}, Signature=${signature}`;
}
