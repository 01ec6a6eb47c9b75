import { MSG, SHARE_MSG as M } from '@wanxiang/contract';
import { escapeHtml, markdownToSafeHtml } from './safe-html';
import type { Transcript } from './transcript';

/**
 * The public page of a share link, rendered by the server so link previews (WeChat, QQ, Slack…) read its title and
 * og: tags without running the web app. It carries no script (the site's CSP allows none inline) and only inline
 * styles, which the CSP allows; formulas are MathML, which browsers draw with no KaTeX stylesheet or fonts. Nothing
 * of the account is on it: no name, phone or avatar, no files.
 */

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.7 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329;background:#f5f6f8}
header{background:#fff;border-bottom:1px solid #e5e6eb}header .in,main,footer{max-width:860px;margin:0 auto;padding:0 16px}
header .in{display:flex;align-items:center;justify-content:space-between;height:56px}
.brand{font-weight:700;font-size:18px;color:#4e5bf2;text-decoration:none}.visit{font-size:14px;color:#4e5bf2;text-decoration:none;border:1px solid #4e5bf2;border-radius:16px;padding:4px 14px}
h1{font-size:24px;line-height:1.4;margin:28px 0 4px;word-break:break-word}.meta{color:#86909c;font-size:13px;margin-bottom:20px}
.q,.a{background:#fff;border-radius:12px;padding:14px 18px;margin:12px 0;overflow-wrap:anywhere}.q{background:#eef0ff}
.who{font-size:13px;font-weight:600;color:#4e5bf2;margin-bottom:4px}.a .who{color:#00a870}
.q p{white-space:pre-wrap;margin:0}.a>div>:first-child{margin-top:0}.a>div>:last-child{margin-bottom:0}
pre{background:#f2f3f5;border-radius:8px;padding:10px 12px;overflow-x:auto;font-size:14px}code{font-family:Consolas,Menlo,monospace;font-size:.92em}
table{border-collapse:collapse;display:block;overflow-x:auto}th,td{border:1px solid #e5e6eb;padding:4px 10px}blockquote{margin:0;padding-left:12px;border-left:3px solid #e5e6eb;color:#4e5969}
math[display=block]{overflow-x:auto;overflow-y:hidden}
hr.round{border:0;border-top:1px dashed #d9dbe1;margin:24px 0}
footer{color:#86909c;font-size:13px;text-align:center;padding:24px 16px 40px}footer a{color:#4e5bf2}
@media (prefers-color-scheme:dark){body{background:#17181a;color:#e5e6eb}header{background:#1f2023;border-color:#2e3035}.q{background:#262a44}.a{background:#1f2023}pre{background:#2a2c31}th,td{border-color:#2e3035}}
`;

const clip = (text: string, n: number) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n)}…` : one;
};

function shell(opts: { title: string; description: string; url?: string; body: string }): string {
  const t = escapeHtml(opts.title);
  const d = escapeHtml(opts.description);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t}</title><meta name="description" content="${d}"><meta name="robots" content="noindex">
<meta property="og:type" content="article"><meta property="og:site_name" content="${escapeHtml(M.pageSiteName)}"><meta property="og:title" content="${t}"><meta property="og:description" content="${d}">${opts.url ? `<meta property="og:url" content="${escapeHtml(opts.url)}">` : ''}
<style>${STYLE}</style></head><body>
<header><div class="in"><a class="brand" href="/">${escapeHtml(M.pageSiteName)}</a><a class="visit" href="/">${escapeHtml(M.pageVisit)}</a></div></header>
${opts.body}
</body></html>`;
}

export function sharePage(t: Transcript, url: string): string {
  const label = t.kind === 'battle' ? M.pageSharedBattle : M.pageSharedChat;
  const rounds = t.rounds
    .map((r) => {
      const q = r.question.trim() ? `<section class="q"><div class="who">${escapeHtml(M.pageQuestion)}</div><p>${escapeHtml(r.question.trim())}</p></section>` : '';
      const a = r.answers.map((x) => `<section class="a"><div class="who">${escapeHtml(M.pageAnswer(x.model))}</div><div>${markdownToSafeHtml(x.content)}</div></section>`).join('');
      return q + a;
    })
    .join('<hr class="round">');
  const first = t.rounds.find((r) => r.question.trim())?.question ?? '';
  return shell({
    title: `${t.title} - ${M.pageSiteName}`,
    description: first ? clip(first, 100) : M.pageDescription(t.rounds.length),
    url,
    body: `<main><h1>${escapeHtml(t.title)}</h1><div class="meta">${escapeHtml(label)} · ${escapeHtml(M.pageReadOnly)}</div>${rounds}</main>
<footer><p>${escapeHtml(MSG.aiDisclaimer)}</p><p><a href="/">${escapeHtml(M.pageVisit)}</a></p></footer>`,
  });
}

export function shareNotFoundPage(): string {
  return shell({
    title: M.pageNotFoundTitle,
    description: M.pageNotFound,
    body: `<main><h1>${escapeHtml(M.pageNotFound)}</h1><p><a href="/">${escapeHtml(M.pageBackHome)}</a></p></main>`,
  });
}
