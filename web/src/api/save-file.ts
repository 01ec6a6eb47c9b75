/**
 * The one way the web app hands a file to the browser's downloads (mind-map PNG and markdown,
 * scholar documents, prompt library export, slide files, tool results): a temporary object URL
 * on a link with `download`, clicked, then released.
 */

/** Some browsers read the object URL after click() returns: it is released a while later. */
const REVOKE_AFTER_MS = 10_000;

/** Saves a blob under a file name. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Saves text as a file of the given type (UTF-8). */
export function saveText(text: string, name: string, type = 'text/plain;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), name);
}

/** The file name of a Content-Disposition header (RFC 5987 filename* first, then the plain name), else the fallback. */
export function dispositionName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}
