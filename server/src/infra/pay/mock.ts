import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PayVerifyError, type PayProvider, type PaymentStatus, type RawNotify, type VerifiedNotify } from './types';

/**
 * Development provider. The QR opens a local page (GET /api/v1/pay/mock/page?query_order=) whose
 * 确认支付 button posts a notify signed with the mock's HMAC key (shared by the deployment's processes) to the notify route
 * the real gateways use, so the dev flow goes through verification and crediting for real.
 * Refused in production by the config check.
 */
export interface MockPayProvider extends PayProvider {
  readonly name: 'mock';
  /** The fields of a signed notify for an order (the mock page embeds them in its form). */
  signedNotify(orderNo: string, amountCents: number, at?: Date): Record<string, string>;
}

export function createMockProvider(opts: { secret?: string; baseUrl: string }): MockPayProvider {
  const key = opts.secret ? Buffer.from(opts.secret) : randomBytes(32);
  const mac = (orderNo: string, amountCents: string, tradeNo: string, ts: string) =>
    createHmac('sha256', key).update(`${orderNo}\n${amountCents}\n${tradeNo}\n${ts}`).digest('hex');

  return {
    name: 'mock',
    async createPayment(req) {
      return { payUrl: `${opts.baseUrl}/api/v1/pay/mock/page?query_order=${encodeURIComponent(req.orderNo)}` };
    },
    signedNotify(orderNo, amountCents, at = new Date()) {
      const tradeNo = `MOCK${orderNo}`;
      const ts = String(at.getTime());
      return {
        query_order: orderNo,
        amount_cents: String(amountCents),
        trade_no: tradeNo,
        ts,
        sign: mac(orderNo, String(amountCents), tradeNo, ts),
      };
    },
    async verifyNotify(raw: RawNotify): Promise<VerifiedNotify> {
      const f = parseBody(raw.body);
      const { query_order: orderNo, amount_cents: amount, trade_no: tradeNo, ts, sign } = f;
      if (!orderNo || !amount || !tradeNo || !ts || !sign) throw new PayVerifyError('mock notify: missing fields');
      const want = Buffer.from(mac(orderNo, amount, tradeNo, ts), 'hex');
      const got = Buffer.from(sign, 'hex');
      if (got.length !== want.length || !timingSafeEqual(got, want)) throw new PayVerifyError('mock notify: bad signature');
      const cents = Number(amount);
      if (!Number.isSafeInteger(cents) || cents < 0) throw new PayVerifyError('mock notify: bad amount');
      return { orderNo, amountCents: cents, tradeNo, paid: true };
    },
    async query(): Promise<PaymentStatus> {
      // The mock has no gateway: an order is paid only through its page's notify.
      return { paid: false, amountCents: null, tradeNo: '', state: 'NOTPAY' };
    },
    ackOk: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
    ackFail: { status: 400, contentType: 'text/plain; charset=utf-8', body: 'failure' },
  };
}

/** The page posts a form; scripts and tests may post JSON. */
function parseBody(body: string): Record<string, string> {
  const t = body.trim();
  if (t.startsWith('{')) {
    try {
      const o = JSON.parse(t) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v ?? '')]));
    } catch {
      throw new PayVerifyError('mock notify: unreadable body');
    }
  }
  return Object.fromEntries(new URLSearchParams(t));
}
