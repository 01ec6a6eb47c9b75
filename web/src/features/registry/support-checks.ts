import type { UserInfo } from '@wanxiang/contract';

/**
 * The checks of /test (support page): what the browser offers the app, how the network to our API
 * behaves, and the account's state. Each check answers ok / warn / fail with a short Chinese note;
 * the report is plain text a user pastes to support.
 */
export type CheckLevel = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  section: 'browser' | 'network' | 'account';
  name: string;
  level: CheckLevel;
  detail: string;
}

export const SECTION_LABELS: Record<CheckResult['section'], string> = { browser: '浏览器', network: '网络', account: '账号' };
const LEVEL_MARKS: Record<CheckLevel, string> = { ok: '正常', warn: '注意', fail: '异常' };

const yes = (section: CheckResult['section'], name: string, ok: boolean, good: string, bad: string, badLevel: CheckLevel = 'fail'): CheckResult => ({
  section,
  name,
  level: ok ? 'ok' : badLevel,
  detail: ok ? good : bad,
});

function storageWorks(): boolean {
  try {
    const key = '__wx_support_probe';
    localStorage.setItem(key, '1');
    const back = localStorage.getItem(key);
    localStorage.removeItem(key);
    return back === '1';
  } catch {
    return false;
  }
}

function indexedDbWorks(): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const req = indexedDB.open('__wx_support_probe');
      req.onsuccess = () => {
        req.result.close();
        indexedDB.deleteDatabase('__wx_support_probe');
        resolve(true);
      };
      req.onerror = () => resolve(false);
      req.onblocked = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
}

function webpWorks(): boolean {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    return canvas.toDataURL('image/webp').startsWith('data:image/webp');
  } catch {
    return false;
  }
}

/** What the browser offers: streamed answers, local history, settings, images, copying. */
export async function browserChecks(): Promise<CheckResult[]> {
  const streams = typeof ReadableStream !== 'undefined' && typeof Response !== 'undefined' && 'body' in Response.prototype;
  return [
    yes('browser', '流式回答 (fetch 流)', streams, '支持', '不支持：回答无法逐字显示，请升级浏览器'),
    yes('browser', '本地记录 (IndexedDB)', await indexedDbWorks(), '可用', '不可用：可能处于无痕模式，本地提示词等无法保存'),
    yes('browser', '本地设置 (localStorage)', storageWorks(), '可用', '不可用：登录状态无法保存'),
    yes('browser', 'WebP 图片', webpWorks(), '支持', '不支持：部分图片可能无法显示', 'warn'),
    yes('browser', '剪贴板', typeof navigator !== 'undefined' && Boolean(navigator.clipboard), '可用', '不可用：复制按钮可能失效', 'warn'),
    { section: 'browser', name: '浏览器标识', level: 'ok', detail: navigator.userAgent },
  ];
}

/** The API's liveness, its round-trip time (median of three), and a streamed read of an answer. */
export async function networkChecks(fetchImpl: typeof fetch = fetch, now: () => number = () => performance.now()): Promise<CheckResult[]> {
  const times: number[] = [];
  let alive = false;
  let streamed = false;
  for (let i = 0; i < 3; i += 1) {
    const started = now();
    try {
      const res = await fetchImpl('/api/health', { cache: 'no-store' });
      if (i === 0 && res.body) {
        // Read the body through its stream, as answers are read, to see nothing in between buffers it away.
        const reader = res.body.getReader();
        let bytes = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
        }
        streamed = bytes > 0;
      } else {
        await res.text();
      }
      alive ||= res.ok;
      times.push(now() - started);
    } catch {
      break;
    }
  }
  const median = times.length ? [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]! : null;
  return [
    yes('network', '服务连接 (/api/health)', alive, '正常', '无法连接服务器，请检查网络或代理设置'),
    median === null
      ? { section: 'network', name: '往返耗时', level: 'fail', detail: '无法测量' }
      : { section: 'network', name: '往返耗时', level: median > 1500 ? 'warn' : 'ok', detail: `${Math.round(median)} 毫秒` },
    yes('network', '流式读取', streamed, '正常', '读取失败：代理或插件可能拦截了流式回答', 'warn'),
  ];
}

/** The account: signed in, phone bound (needed to chat), membership. */
export function accountChecks(user: UserInfo | null): CheckResult[] {
  if (!user) return [{ section: 'account', name: '登录状态', level: 'warn', detail: '未登录' }];
  return [
    { section: 'account', name: '登录状态', level: 'ok', detail: `已登录 (ID ${user.id})` },
    yes('account', '手机号', Boolean(user.phone), `已绑定 ${user.phone}`, '未绑定：对话前需要绑定手机号', 'warn'),
    { section: 'account', name: '会员', level: 'ok', detail: user.vip > 0 ? `${user.vipType || '会员'}，到期 ${user.vipTime || '—'}` : '普通用户' },
  ];
}

/** The plain-text report: one line per check, grouped by section, with the time it was made. */
export function formatReport(results: readonly CheckResult[], at: Date, page: string): string {
  const lines = [`万象 AI 环境检测报告`, `时间：${at.toISOString()}`, `页面：${page}`];
  for (const section of ['browser', 'network', 'account'] as const) {
    const rows = results.filter((r) => r.section === section);
    if (!rows.length) continue;
    lines.push('', `【${SECTION_LABELS[section]}】`);
    for (const r of rows) lines.push(`[${LEVEL_MARKS[r.level]}] ${r.name}：${r.detail}`);
  }
  return lines.join('\n');
}
