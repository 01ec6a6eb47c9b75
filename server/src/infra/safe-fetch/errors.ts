import { MSG } from '@wanxiang/contract';

export type SafeFetchReason = 'invalid_url' | 'refused' | 'dns' | 'timeout' | 'too_large' | 'http' | 'network';

/**
 * Every failure of the safe fetch. The message is a fixed Chinese sentence chosen by the reason:
 * it never carries bytes of the answer, the resolved address or the upstream's error text,
 * so passing it to a user cannot leak what an internal address said.
 */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchReason,
    /** HTTP status of the final answer, for reason 'http'. */
    readonly status?: number,
  ) {
    super(messageOf(reason));
    this.name = 'SafeFetchError';
  }
}

function messageOf(reason: SafeFetchReason): string {
  switch (reason) {
    case 'invalid_url':
      return MSG.linkInvalid;
    case 'refused':
      return MSG.urlRefused;
    case 'too_large':
      return MSG.urlTooLarge;
    case 'timeout':
      return MSG.urlTimeout;
    case 'dns':
    case 'http':
    case 'network':
      return MSG.urlFetchFailed;
  }
}
