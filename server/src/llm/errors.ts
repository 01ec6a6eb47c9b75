/** How an upstream call failed; the chat path maps each kind to its Chinese message. */
export type LlmErrorKind = 'http' | 'timeout' | 'network' | 'protocol' | 'aborted';

/**
 * A failed upstream call. `message` is for logs: it names the status, the vendor's own error
 * text (shortened, with secrets masked) or a Node error code, never a credential.
 */
export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function isLlmError(err: unknown): err is LlmError {
  return err instanceof LlmError;
}

/** Key-shaped tokens some vendors echo back in their error text ("Incorrect API key: sk-..."). */
const KEY_LIKE = /\b(?:sk|ak|pk|key|bce-v3)[-_][A-Za-z0-9_\-./]{6,}/gi;
const BEARER = /bearer\s+[A-Za-z0-9_\-./=]+/gi;

/** Mask known secrets and key-shaped tokens in text that may reach logs, and cap its length. */
export function redact(text: string, secrets: readonly (string | undefined)[] = [], max = 300): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  out = out.replace(BEARER, 'Bearer ***').replace(KEY_LIKE, '***');
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > max ? `${out.slice(0, max)}…` : out;
}
