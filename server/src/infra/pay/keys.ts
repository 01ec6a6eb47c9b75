import { readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Keys come as PEM text, as a file path, or (Alipay's console hands these out) as bare base64
 * DER without the PEM armour.
 */
function pemText(value: string, kind: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const v = value.trim();
  if (v.includes('-----BEGIN')) return v.replace(/\\n/g, '\n');
  if (v.startsWith('/') || v.startsWith('.') || v.endsWith('.pem')) return readFileSync(v, 'utf8');
  const body = v.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----\n`;
}

export function loadPrivateKey(value: string): KeyObject {
  return createPrivateKey(pemText(value, 'PRIVATE KEY'));
}

export function loadPublicKey(value: string): KeyObject {
  const text = pemText(value, 'PUBLIC KEY');
  // A platform certificate works too: its public key is taken.
  return createPublicKey(text);
}
