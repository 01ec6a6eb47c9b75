/**
 * A payment provider: creates the QR content for an order, verifies the gateway's notify, asks
 * the gateway about an order (reconcile), and knows how the gateway wants notifies answered.
 * Amounts are integer cents everywhere; adapters convert at the edge (Alipay speaks yuan strings).
 */
export type PayProviderName = 'mock' | 'alipay' | 'wechat';

export interface PaymentRequest {
  orderNo: string;
  amountCents: number;
  /** What the buyer sees on the gateway's page (the item name). */
  subject: string;
}

export interface PaymentCreated {
  /** The QR content: a URL the buyer's phone opens (mock page, Alipay qr_code, WeChat code_url). */
  payUrl: string;
}

/** The raw notify as received: headers and the body exactly as sent (signatures cover bytes). */
export interface RawNotify {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A verified notify: what the gateway says happened to one order. */
export interface VerifiedNotify {
  orderNo: string;
  amountCents: number;
  tradeNo: string;
  /** False for a verified notify that does not report a payment (closed, refund...). */
  paid: boolean;
}

export interface PaymentStatus {
  /** The gateway knows the order and it is paid. */
  paid: boolean;
  amountCents: number | null;
  tradeNo: string;
  /** The gateway's own state word (TRADE_SUCCESS, NOTPAY...), for logs. */
  state: string;
}

export interface NotifyAck {
  status: number;
  contentType: string;
  body: string;
}

export interface PayProvider {
  readonly name: PayProviderName;
  createPayment(req: PaymentRequest): Promise<PaymentCreated>;
  /** Throws PayVerifyError when the notify is not authentic (signature, app id, decryption). */
  verifyNotify(raw: RawNotify): Promise<VerifiedNotify>;
  query(orderNo: string): Promise<PaymentStatus>;
  /** The answer that tells the gateway to stop retrying, and the one that asks it to retry. */
  readonly ackOk: NotifyAck;
  readonly ackFail: NotifyAck;
}

/** The notify is not authentic or not readable: nothing is credited. */
export class PayVerifyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayVerifyError';
  }
}

/** The gateway refused or failed a call (precreate, query). */
export class PayGatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayGatewayError';
  }
}

/** Integer cents -> the yuan string Alipay uses ('12.50'). */
export function centsToYuan(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string -> integer cents, or null when it is not a plain amount with at most 2 decimals. */
export function yuanToCents(yuan: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function header(raw: RawNotify, name: string): string {
  const v = raw.headers[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}
