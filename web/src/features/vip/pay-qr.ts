/** Pure helpers of the payment QR dialog (unit-tested). */

/** The payment poll interval (docs/product/membership-and-payment.md §9: 3 s). */
export const PAY_POLL_MS = 3000;

/** The mock provider's page link is relative; a QR (and a new tab) needs it absolute. */
export function absolutePayUrl(url: string, origin: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

/** Only the mock provider gets the visible "pay on this machine" link. */
export function isMockPay(provider: string): boolean {
  return provider === 'mock';
}
