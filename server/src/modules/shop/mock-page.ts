import type { MockPayProvider } from '../../infra/pay';
import type { OrderRow } from './store';

/**
 * The mock provider's pay page (development only): the item, the amount and a 确认支付 button
 * whose form posts the signed notify to /api/v1/pay/notify/mock, exactly as a gateway would.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function mockPayPage(order: OrderRow | null, mock: MockPayProvider): string {
  let body: string;
  if (!order || order.provider !== 'mock') {
    body = `<h1>订单不存在</h1><p>请回到页面重新下单。</p>`;
  } else if (order.status === 'paid') {
    body = `<h1>支付成功</h1><p>${esc(order.shopName)}：¥${(order.amountCents / 100).toFixed(2)}</p><p>可以关闭此页面，回到万象 AI 查看会员状态。</p>`;
  } else {
    const fields = mock.signedNotify(order.orderNo, order.amountCents);
    const hidden = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join('');
    body = `<h1>模拟支付</h1>
<p class="tip">开发环境的模拟支付页：点击确认后，服务器按真实网关的方式验证签名并到账。</p>
<dl><dt>商品</dt><dd>${esc(order.shopName)}</dd><dt>金额</dt><dd class="amount">¥${(order.amountCents / 100).toFixed(2)}</dd><dt>订单号</dt><dd>${esc(order.orderNo)}</dd></dl>
<form method="post" action="/api/v1/pay/notify/mock">${hidden}<button type="submit">确认支付</button></form>`;
  }
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>万象 AI 模拟支付</title><style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f7fb;margin:0;padding:32px 16px;color:#1f2329}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 12px}.tip{color:#8a8f99;font-size:13px}dl{display:grid;grid-template-columns:64px 1fr;gap:8px;margin:16px 0}
dt{color:#8a8f99}dd{margin:0;word-break:break-all}.amount{color:#f5222d;font-size:22px;font-weight:600}
button{width:100%;height:44px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:16px;cursor:pointer}
</style></head><body><main>${body}</main></body></html>`;
}
