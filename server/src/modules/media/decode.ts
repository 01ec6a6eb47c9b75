/**
 * Turn fetched bytes into HTML text the way a browser picks the encoding: a byte-order mark,
 * then the Content-Type charset, then a <meta> charset near the top, then UTF-8. Chinese sites
 * still serve GBK / GB2312 / GB18030, which TextDecoder knows by those labels.
 */
export function decodeHtml(body: Buffer, contentType: string | undefined): string {
  const label = bomEncoding(body) ?? charsetParam(contentType) ?? metaCharset(body) ?? 'utf-8';
  return decoderFor(label).decode(body);
}

/** True for an HTML media type, or, when the type is missing or generic, for bytes that open like HTML. */
export function looksLikeHtml(contentType: string | undefined, body: Buffer): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  if (type !== '' && type !== 'application/octet-stream') return false;
  const head = body
    .subarray(0, 512)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase();
  return /^<(!doctype html|html|head|body|!--)/.test(head);
}

function decoderFor(label: string): TextDecoder {
  // HTML treats a declared UTF-16 in a byte stream without BOM as UTF-8.
  const normalised = /^utf-?16/i.test(label) ? 'utf-8' : label;
  try {
    return new TextDecoder(normalised);
  } catch {
    return new TextDecoder('utf-8');
  }
}

function bomEncoding(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return null;
}

function charsetParam(contentType: string | undefined): string | null {
  const m = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '');
  return m?.[1] ?? null;
}

/** `<meta charset="gbk">` or `<meta http-equiv="Content-Type" content="text/html; charset=gb2312">`. */
function metaCharset(body: Buffer): string | null {
  const head = body.subarray(0, 4096).toString('latin1');
  const m = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return m?.[1] ?? null;
}
