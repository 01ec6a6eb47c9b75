import { parse as parseDisposition } from 'content-disposition';
import type { ScholarCheckRes, ScholarDocType } from '@wanxiang/contract';
import type { SafeFetch } from '../../infra/safe-fetch';

/** Content types a result may link to (5: pdf, word, excel, ppt, txt, rtf). */
const DOC_TYPES: Record<string, ScholarDocType> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.ms-excel': 'excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'excel',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'ppt',
  'text/plain': 'txt',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
};

/**
 * The file extension readDocumentText expects, by content type (old binary formats have their own).
 * Legacy .xls is downloadable but not read: no maintained reader of it installs (uploads refuse it too).
 */
const READ_EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
};

/** The media type of each accepted file extension. */
const EXT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  rtf: 'application/rtf',
};

/** Types that say nothing about the file: many repositories serve their PDFs so. */
const GENERIC_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/download',
  'application/force-download',
  'application/x-download',
]);

export const CHECK_TIMEOUT_MS = 8_000;

export function mediaType(header: string | undefined): string {
  return ((header ?? '').split(';')[0] ?? '').trim().toLowerCase();
}

export function docTypeOf(contentType: string): ScholarDocType | '' {
  return DOC_TYPES[mediaType(contentType)] ?? '';
}

export function readExtOf(contentType: string): string | undefined {
  return READ_EXT[mediaType(contentType)];
}

function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{2,5})$/i.exec(name.trim());
  return m ? m[1]!.toLowerCase() : '';
}

function urlPath(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return '';
  }
}

function dispositionName(header: string | undefined): string {
  if (!header) return '';
  try {
    return parseDisposition(header).parameters.filename ?? '';
  } catch {
    return '';
  }
}

/**
 * What the document really is: its Content-Type, or, when the host sends a generic one
 * (application/octet-stream...), the type its file name says: the Content-Disposition filename,
 * else the last segment of the URL's path.
 */
export function documentMediaType(headers: { contentType?: string; disposition?: string }, url: string): string {
  const declared = mediaType(headers.contentType);
  if (!GENERIC_TYPES.has(declared)) return declared;
  const byName = EXT_TYPES[extensionOf(dispositionName(headers.disposition))] ?? EXT_TYPES[extensionOf(urlPath(url))];
  return byName ?? declared;
}

/**
 * The per-result check (2.4, 5): a header-only request through the SSRF-safe fetch. Downloadable
 * when the host answers 200 or 206 with an accepted content type (a generic one is read from the
 * file name, documentMediaType); anything else (another status,
 * another type, a private address, a timeout) is "not downloadable", never an error.
 */
export async function checkDocument(safeFetch: SafeFetch, url: string, signal?: AbortSignal): Promise<ScholarCheckRes> {
  try {
    const res = await safeFetch(url, { method: 'HEAD', timeoutMs: CHECK_TIMEOUT_MS, maxBytes: 1024, acceptErrorStatus: true, signal });
    const contentType = documentMediaType(
      { contentType: res.headers['content-type'], disposition: res.headers['content-disposition'] },
      res.url || url,
    );
    const docType = res.status === 200 || res.status === 206 ? docTypeOf(contentType) : '';
    return { downloadable: docType !== '', docType, contentType };
  } catch {
    return { downloadable: false, docType: '', contentType: '' };
  }
}

/** Plain text of an RTF file: groups of fonts and styles dropped, control words removed, escapes decoded. */
export function rtfToText(rtf: string): string {
  return rtf
    .replace(/\{\\\*[^{}]*\}/g, '')
    .replace(/\{\\(fonttbl|colortbl|stylesheet|info)[^]*?\}\}?/g, '')
    .replace(/\\'([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\u(-?\d+)\??/g, (_, n: string) => String.fromCharCode((Number(n) + 65536) % 65536))
    .replace(/\\(par|line)\b ?/g, '\n')
    .replace(/\\[a-z]+-?\d* ?/gi, '')
    .replace(/[{}]/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}
