import { MSG } from '@wanxiang/contract';

/**
 * The dev stand-in for WeChat's scan (WECHAT_LOGIN=dev): the QR opens this page on a phone or in
 * another tab; 确认登录 posts the QR id and a made-up openid. The openid is kept in this browser's
 * localStorage, so the same "phone" logs into the same account each time. `nonce` lets its inline
 * script pass the page's Content-Security-Policy (http/security-headers.ts).
 */
export function devConfirmPage(qrcodeId: string, nonce: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>微信登录确认（开发模式）</title>
<style>
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; background: #f2f3f7; color: #1f2033; }
  main { max-width: 420px; margin: 0 auto; padding: 48px 20px; text-align: center; }
  .card { background: #fff; border-radius: 16px; padding: 32px 20px; box-shadow: 0 6px 24px rgba(31, 32, 51, .08); }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { color: #6b6d85; font-size: 14px; line-height: 1.6; margin: 0 0 20px; }
  label { display: block; text-align: left; font-size: 13px; color: #6b6d85; margin-bottom: 6px; }
  input { box-sizing: border-box; width: 100%; padding: 10px 12px; font-size: 15px; border: 1px solid #d7d9e6; border-radius: 8px; margin-bottom: 20px; }
  button { width: 100%; padding: 12px; font-size: 16px; border: 0; border-radius: 8px; background: #07c160; color: #fff; cursor: pointer; }
  button:disabled { background: #9bd8b5; }
  #result { margin-top: 16px; font-size: 15px; min-height: 22px; }
  .ok { color: #07a04f; } .bad { color: #d9363e; }
</style>
</head>
<body>
<main>
  <div class="card">
    <h1>微信登录确认</h1>
    <p>开发模式：此页面代替手机微信扫码。确认后，电脑端将自动登录。</p>
    <label for="openid">模拟微信用户（openid）</label>
    <input id="openid" maxlength="60" autocomplete="off">
    <button id="confirm" type="button">确认登录</button>
    <div id="result" role="status"></div>
  </div>
</main>
<script nonce="${nonce}">
  (function () {
    var qrcodeId = ${JSON.stringify(qrcodeId).replace(/</g, '\\u003c')};
    var box = document.getElementById('openid');
    var saved = null;
    try { saved = localStorage.getItem('wx_dev_openid'); } catch (e) {}
    box.value = saved || 'dev-' + Math.random().toString(36).slice(2, 10);
    var btn = document.getElementById('confirm');
    var out = document.getElementById('result');
    btn.addEventListener('click', function () {
      btn.disabled = true;
      var openid = box.value.trim();
      try { localStorage.setItem('wx_dev_openid', openid); } catch (e) {}
      fetch('/api/v1/user/wxDevConfirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ qrcode_id: qrcodeId, openid: openid })
      }).then(function (r) { return r.json(); }).then(function (body) {
        out.className = body.code === 200 ? 'ok' : 'bad';
        out.textContent = body.msg;
        if (body.code !== 200) btn.disabled = false;
      }, function () {
        out.className = 'bad';
        out.textContent = ${JSON.stringify(MSG.networkError)};
        btn.disabled = false;
      });
    });
  })();
</script>
</body>
</html>`;
}
