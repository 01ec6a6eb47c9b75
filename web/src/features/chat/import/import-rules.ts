import { fileExtension, IMPORT_ACCEPT, MSG, type ImportType } from '@wanxiang/contract';

/**
 * The import dialog's checks (docs/product/uploads.md §5): a link must be there; a web or audio link
 * must look like a web address (optional http/https, a domain with a dot, optional path, query
 * and fragment); a video link is a share text and is not checked; the file tab needs one file.
 */
// A host is a domain with a dot or a dotted IPv4 address (whether it may be fetched is the server's call).
const WEB_ADDRESS = /^(https?:\/\/)?(([\w-]+\.)+[\w-]{2,}|\d{1,3}(\.\d{1,3}){3})(:\d{1,5})?(\/[^\s?#]*)?(\?[^\s#]*)?(#\S*)?$/i;

export type LinkCheck = { ok: true; url: string } | { ok: false; msg: string };

export function checkLink(type: ImportType, raw: string): LinkCheck {
  const text = raw.trim();
  if (!text) return { ok: false, msg: MSG.linkEmpty };
  if (type === 'video') return { ok: true, url: text };
  if (!WEB_ADDRESS.test(text)) return { ok: false, msg: MSG.linkInvalid };
  // The server reads only absolute http(s) links; an address typed without a scheme means https.
  return { ok: true, url: /^https?:\/\//i.test(text) ? text : `https://${text}` };
}

export function checkImportFile(type: ImportType, file: File | null): { ok: true; file: File } | { ok: false; msg: string } {
  if (!file) return { ok: false, msg: MSG.importNeedFile };
  if (!IMPORT_ACCEPT[type].includes(fileExtension(file.name))) return { ok: false, msg: MSG.fileTypeOnly(IMPORT_ACCEPT[type].join(',')) };
  return { ok: true, file };
}

export const importAccept = (type: ImportType) => IMPORT_ACCEPT[type].map((t) => `.${t}`).join(',');
