/**
 * Browser benchmark of the chat page (QUALITY G11, G12), against the real server and the built
 * web app in headless Chromium. Run `npm run build` first, then:
 *
 *   npm run bench:ui
 *   BENCH_UI_CHARS=8000 BENCH_UI_DELAY_MS=8 npm run bench:ui   # a shorter reply
 *
 * G11: a 500-message chat (seeded in the persisted chat store, which is what the page loads) gets
 * a ~20,000-character markdown reply from the demo upstream, streamed through the page. Main-thread
 * work comes from CDP Performance.getMetrics (TaskDuration, ScriptDuration, LayoutDuration,
 * RecalcStyleDuration) sampled as the stream's text events arrive (CDP Network, outside the page),
 * divided by the tokens received in a window near the start and one near the end of the reply.
 * Long tasks come from a PerformanceObserver in the page.
 *
 * G12: a 2,000-message chat is opened (page load with it in the store): time until the newest
 * message is on screen, until the main thread is quiet (no long task for 500 ms), and the worst
 * input delay while typing in the composer right after.
 *
 * Writes bench/results/ui-render.json and prints a table.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { freePort, startTs, stop, waitForHttp } from './lib/processes';
import { round } from './lib/stats';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../web/e2e/chromium';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHARS = Number(process.env.BENCH_UI_CHARS ?? 20_000);
const DELAY_MS = Number(process.env.BENCH_UI_DELAY_MS ?? 8);
const CHAT_MESSAGES = Number(process.env.BENCH_UI_MESSAGES ?? 500);
const OPEN_MESSAGES = Number(process.env.BENCH_UI_OPEN_MESSAGES ?? 2000);
/** The demo answer averages about 1.83 characters per token (server/src/llm/demo-upstream). */
const CHARS_PER_TOKEN = 1.83;
const MODEL = 'v35';
const CHROMIUM = process.env.BENCH_CHROMIUM ?? CHROMIUM_PATH;
const PHONE = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
const SMS_CODE = '123456';

type Metrics = Record<string, number>;
interface Sample {
  tokens: number;
  chars: number;
  metrics: Metrics;
}

// ----------------------------------------------------------------------------- seeding

/** A past assistant reply: the kinds of blocks the chat renders, varied by index. */
function pastReply(i: number): string {
  const parts = [`第 ${i} 条回答：这是一段用于测试长对话渲染性能的历史回复，包含常见的 Markdown 结构。`, ''];
  if (i % 3 === 0) parts.push('- 第一点：明确目标', '- 第二点：拆解步骤', '- 第三点：验证结果', '');
  if (i % 4 === 1) parts.push('```typescript', `const n = ${i};`, 'console.log(n * 2);', '```', '');
  if (i % 5 === 2) parts.push('| 项目 | 说明 |', '| --- | --- |', `| 序号 | ${i} |`, '| 状态 | 完成 |', '');
  if (i % 7 === 3) parts.push(`行内公式 $E = mc^2$，当 $n = ${i}$ 时结果为 ${i * 2}。`, '');
  parts.push('以上内容仅供参考。');
  return parts.join('\n');
}

function seedState(count: number): string {
  const sessionId = `bench-session-${count}`;
  const now = Date.now();
  const data = Array.from({ length: count }, (_, i) => {
    const user = i % 2 === 0;
    return {
      id: `bench-${count}-${i}`,
      state: 'ok',
      target: user ? 'user' : 'assistant',
      message: user ? `第 ${i} 个问题：请介绍一下相关内容` : pastReply(i),
      reasoning: '',
      messageType: 'text',
      modelname: MODEL,
      dateTime: now - (count - i) * 60_000,
    };
  });
  const session = { id: sessionId, name: `基准会话 ${count}`, model: MODEL, data, dateTime: now };
  return JSON.stringify({ state: { sessions: [session], currentId: sessionId }, version: 1 });
}

/**
 * A fresh tab whose chat store holds `count` messages before the app's scripts run (an init
 * script, once per tab: the app flushes its own state to storage when a tab is left, so writing
 * it from a running page would be overwritten).
 */
async function seededPage(context: BrowserContext, count: number): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(
    ({ value }) => {
      if (!sessionStorage.getItem('bench-seeded')) {
        localStorage.setItem('chat_storage', value);
        sessionStorage.setItem('bench-seeded', '1');
      }
      // Long tasks and input delays, kept for the benchmark to read.
      const w = window as unknown as { __bench: { longTasks: { start: number; duration: number }[]; events: number[] } };
      w.__bench = { longTasks: [], events: [] };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__bench.events.push(e.duration);
      }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    },
    { value: seedState(count) },
  );
  return page;
}

// ----------------------------------------------------------------------------- page steps

async function login(page: Page): Promise<void> {
  await page.getByRole('button', { name: '登录', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('tab', { name: '账号登录' }).click();
  await dialog.getByText('验证码登录', { exact: true }).click();
  await dialog.getByPlaceholder('请输入手机号').fill(PHONE);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText('发送验证码成功！').waitFor();
  await dialog.getByPlaceholder('请输入验证码').fill(SMS_CODE);
  await dialog.getByPlaceholder('请输入验证码').press('Enter');
  await page.getByTestId('user-avatar').waitFor();
}

const composerInput = (page: Page) => page.getByTestId('chat-composer').getByRole('textbox');

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

const KEYS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;

/** Main-thread milliseconds per token between two samples. */
function perToken(a: Sample, b: Sample): Record<string, number> {
  const tokens = b.tokens - a.tokens;
  const out: Record<string, number> = { tokens, chars_from: a.chars, chars_to: b.chars };
  for (const k of KEYS) out[k] = round((((b.metrics[k] ?? 0) - (a.metrics[k] ?? 0)) * 1000) / Math.max(1, tokens), 3);
  const other = (b.metrics.TaskDuration ?? 0) - (a.metrics.TaskDuration ?? 0);
  const named = KEYS.slice(1).reduce((s, k) => s + (b.metrics[k] ?? 0) - (a.metrics[k] ?? 0), 0);
  out.OtherDuration = round(((other - named) * 1000) / Math.max(1, tokens), 3);
  return out;
}

interface LongTask {
  start: number;
  duration: number;
}
const benchData = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: { longTasks: LongTask[]; events: number[] } }).__bench);

/**
 * BENCH_UI_TRACE=1: a DevTools trace of the stream, summed by event name on the page's main
 * thread (inclusive times, per token), to see where the time goes.
 */
async function startTrace(cdp: CDPSession): Promise<(tokens: number) => Promise<void>> {
  const events: { name: string; ph: string; dur?: number; pid: number; tid: number; args?: { name?: string } }[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as typeof events)));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,cc',
    transferMode: 'ReportEvents',
  });
  return async (tokens) => {
    const finished = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.end');
    await finished;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const sums = new Map<string, { us: number; count: number }>();
    for (const e of events) {
      if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
      const sum = sums.get(e.name) ?? { us: 0, count: 0 };
      sum.us += e.dur;
      sum.count++;
      sums.set(e.name, sum);
    }
    const top = [...sums].sort((a, b) => b[1].us - a[1].us).slice(0, 40);
    console.log('[bench:ui] trace, main thread, inclusive ms per token, and events per token:');
    for (const [name, { us, count }] of top) {
      console.log(`  ${name.padEnd(54)} ${String(round(us / 1000 / tokens, 3)).padStart(7)} ${String(round(count / tokens, 2)).padStart(6)}`);
    }
  };
}

/** G11: stream a long reply into a 500-message chat and measure main-thread work per token. */
async function streamRound(context: BrowserContext, base: string) {
  const page = await seededPage(context, CHAT_MESSAGES);
  await page.goto(`${base}/chat?type=${MODEL}`);
  await page.locator('[data-role="assistant"]').last().waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Network.enable');

  const tokens = Math.round(CHARS / CHARS_PER_TOKEN);
  const samples: Sample[] = [];
  let received = 0;
  let chars = 0;
  let done = false;
  let sampling: Promise<void> = Promise.resolve();
  const every = Math.max(20, Math.round(tokens / 40));
  let nextAt = every;
  const parser = createParser({
    onEvent(ev) {
      if (ev.event === 'text') {
        received++;
        try {
          chars += (JSON.parse(ev.data) as { text?: string }).text?.length ?? 0;
        } catch {
          // not a text payload
        }
        if (received >= nextAt) {
          nextAt += every;
          const at = { tokens: received, chars };
          sampling = sampling.then(async () => void samples.push({ ...at, metrics: await metrics(cdp) }));
        }
      } else if (ev.event === 'done' || ev.event === 'error') {
        done = true;
      }
    },
  });
  let streamId: string | null = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.includes('/api/v1/chat2/') && streamId === null) {
      streamId = e.requestId;
      cdp.send('Network.streamResourceContent', { requestId: e.requestId }).then(
        (r) => parser.feed(Buffer.from(r.bufferedData, 'base64').toString('utf8')),
        () => undefined,
      );
    }
  });
  cdp.on('Network.dataReceived', (e) => {
    if (e.requestId === streamId && e.data) parser.feed(Buffer.from(e.data, 'base64').toString('utf8'));
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (e.requestId === streamId) done = true;
  });

  const trace = process.env.BENCH_UI_TRACE ? await startTrace(cdp) : null;
  const startMetrics = await metrics(cdp);
  const longBefore = (await benchData(page)).longTasks.length;
  samples.push({ tokens: 0, chars: 0, metrics: startMetrics });
  const input = composerInput(page);
  await input.fill(`写一篇长文 [demo:tokens=${tokens}] [demo:delay=${DELAY_MS}]`);
  await input.press('Enter');
  const t0 = Date.now();
  while (!done && Date.now() - t0 < 20 * 60_000) await new Promise((r) => setTimeout(r, 100));
  await sampling;
  await page.locator('[data-role="assistant"]').last().and(page.locator('[data-state="ok"]')).waitFor({ timeout: 60_000 });
  samples.push({ tokens: received, chars, metrics: await metrics(cdp) });
  if (trace) await trace(received);
  const longTasks = (await benchData(page)).longTasks.slice(longBefore);
  const rendered = await page
    .locator('[data-role="assistant"]')
    .last()
    .evaluate((el) => (el.textContent ?? '').length);

  // Windows: 5-20 % of the reply (start) and 80-95 % (end), and the whole reply.
  const at = (f: number): Sample =>
    samples.reduce((best, s) => (Math.abs(s.tokens - f * received) < Math.abs(best.tokens - f * received) ? s : best));
  const start = perToken(at(0.05), at(0.2));
  const end = perToken(at(0.8), at(0.95));
  const whole = perToken(samples[0] as Sample, samples[samples.length - 1] as Sample);
  const curve = samples.slice(1).map((s, i) => ({ ...perToken(samples[i] as Sample, s) }));
  await cdp.detach();
  await page.close();
  return {
    messages_in_chat: CHAT_MESSAGES,
    tokens_received: received,
    chars_received: chars,
    chars_rendered: rendered,
    token_delay_ms: DELAY_MS,
    seconds: round((Date.now() - t0) / 1000, 1),
    start,
    end,
    whole,
    longest_task_ms: round(Math.max(0, ...longTasks.map((t) => t.duration)), 1),
    long_tasks: longTasks.length,
    curve_task_ms_per_token: curve.map((c) => c.TaskDuration),
  };
}

/** G12: open a 2,000-message chat; time to the newest message, to a quiet main thread, typing delay. */
async function openRound(context: BrowserContext, base: string) {
  const page = await seededPage(context, OPEN_MESSAGES);
  await page.goto(`${base}/chat?type=${MODEL}`, { waitUntil: 'commit' });
  await page.locator(`[data-id="bench-${OPEN_MESSAGES}-${OPEN_MESSAGES - 1}"]`).waitFor({ timeout: 60_000 });
  const shownMs = await page.evaluate(() => performance.now());
  // Quiet: 500 ms without a long task.
  let quietMs = shownMs;
  for (;;) {
    await page.waitForTimeout(250);
    const { longTasks } = await benchData(page);
    const now = await page.evaluate(() => performance.now());
    const lastEnd = Math.max(0, ...longTasks.map((t) => t.start + t.duration));
    if (now - lastEnd >= 500) {
      quietMs = Math.max(shownMs, lastEnd);
      break;
    }
    if (now > 60_000) break;
  }
  const { longTasks } = await benchData(page);
  const before = (await benchData(page)).events.length;
  const input = composerInput(page);
  await input.click();
  await input.pressSequentially('打字是否流畅 typing check', { delay: 40 });
  const events = (await benchData(page)).events.slice(before);
  const mounted = await page.locator('[data-role]').count();
  await page.close();
  return {
    messages_in_chat: OPEN_MESSAGES,
    newest_message_shown_ms: round(shownMs, 0),
    interactive_ms: round(quietMs, 0),
    longest_task_ms: round(Math.max(0, ...longTasks.map((t) => t.duration)), 1),
    messages_mounted: mounted,
    typing_worst_event_ms: round(Math.max(0, ...events), 0),
  };
}

// ----------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wanxiang-bench-ui-'));
  const server = startTs(
    'server/src/main.ts',
    [],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      SMS_FIXED_CODE: SMS_CODE,
      LOG_LEVEL: 'warn',
    },
    root,
  );
  const base = `http://127.0.0.1:${port}`;
  let browser: Browser | null = null;
  try {
    await waitForHttp(`${base}/`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1366, height: 860 } });
    const first = await context.newPage();
    await first.goto(`${base}/chat?type=${MODEL}`);
    await login(first);
    await first.close();

    console.log(`[bench:ui] streaming ~${CHARS} characters into a ${CHAT_MESSAGES}-message chat (${DELAY_MS} ms per token)…`);
    const stream = await streamRound(context, base);
    console.log(`[bench:ui] opening a ${OPEN_MESSAGES}-message chat…`);
    const open = await openRound(context, base);

    const out = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version, browser: browser.version() },
      g11_stream: stream,
      g12_open: open,
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/ui-render.json'), JSON.stringify(out, null, 2) + '\n');
    printTable(stream, open);
  } finally {
    await browser?.close();
    await stop(server);
  }
}

function printTable(stream: Awaited<ReturnType<typeof streamRound>>, open: Awaited<ReturnType<typeof openRound>>): void {
  const row = (name: string, w: Record<string, number>) =>
    `${name.padEnd(22)}${[w.TaskDuration, w.ScriptDuration, w.LayoutDuration, w.RecalcStyleDuration, w.OtherDuration]
      .map((v) => String(v).padStart(10))
      .join('')}${String(w.tokens).padStart(9)}`;
  console.log(`\n万象 AI chat page benchmark: ms of main-thread work per token (G11 goal <= 1, flat; no task > 50 ms)`);
  console.log(
    `${''.padEnd(22)}${['task', 'script', 'layout', 'style', 'other'].map((h) => h.padStart(10)).join('')}${'tokens'.padStart(9)}`,
  );
  console.log(row(`start (${stream.start.chars_from}-${stream.start.chars_to} ch)`, stream.start));
  console.log(row(`end (${stream.end.chars_from}-${stream.end.chars_to} ch)`, stream.end));
  console.log(row('whole reply', stream.whole));
  console.log(
    `longest task ${stream.longest_task_ms} ms, ${stream.long_tasks} tasks > 50 ms; ${stream.chars_received} characters in ${stream.seconds} s`,
  );
  console.log(`\nG12: open a ${open.messages_in_chat}-message chat (goal interactive <= 1500 ms, typing smooth)`);
  console.log(
    `newest message shown ${open.newest_message_shown_ms} ms, interactive ${open.interactive_ms} ms, longest task ${open.longest_task_ms} ms`,
  );
  console.log(`messages mounted ${open.messages_mounted}, worst typing event ${open.typing_worst_event_ms} ms (0 = none over 16 ms)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
