import type { WechatScan } from './types';

/**
 * The few fields of a WeChat push message we read. The messages are flat XML
 * (<xml><ToUserName><![CDATA[..]]></ToUserName>...</xml>), so a tag lookup is enough and no
 * entity or DTD processing ever happens.
 */
export function xmlField(xml: string, tag: string): string | null {
  const m = new RegExp(`<${tag}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${tag}>`).exec(xml);
  if (!m) return null;
  return (m[1] ?? m[2] ?? '').trim();
}

/**
 * A login scan: event SCAN (already a follower; EventKey is the scene) or subscribe (followed by
 * scanning; EventKey is qrscene_<scene>). Anything else is not a login.
 */
export function parseScanEvent(xml: string): WechatScan | null {
  if (xml.length > 64 * 1024) return null;
  if (xmlField(xml, 'MsgType') !== 'event') return null;
  const event = (xmlField(xml, 'Event') ?? '').toLowerCase();
  const openid = xmlField(xml, 'FromUserName') ?? '';
  let scene = xmlField(xml, 'EventKey') ?? '';
  if (event === 'subscribe') {
    if (!scene.startsWith('qrscene_')) return null;
    scene = scene.slice('qrscene_'.length);
  } else if (event !== 'scan') return null;
  if (!/^[\w-]{1,64}$/.test(openid) || !/^[\w-]{1,64}$/.test(scene)) return null;
  return { openid, scene };
}
