/**
 * decodeURIComponent without its URIError: text from a user or a remote server may carry a
 * malformed escape ('%E0%A4%A'), which must read as bad input, never as a server error.
 * Answers null when the text cannot be decoded.
 */
export function decodeUriOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The decoded text, or the text as it came when it cannot be decoded (names and paths shown or matched). */
export function decodeUriLenient(text: string): string {
  return decodeUriOrNull(text) ?? text;
}
