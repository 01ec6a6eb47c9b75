import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The browser tests' promos file (PROMOS_FILE of the e2e server, in its data folder). It starts
 * quiet: no promo pops up over another area's test. The promos specs swap in the shipped file
 * (or the quiet one with one promo on) for their own tests and put the quiet one back after; the
 * server re-reads the file when it changes, so no restart.
 */
const SHIPPED = resolve(import.meta.dirname, '../../server/catalog/promos.json');

type Promos = Record<string, unknown> & { show?: Record<string, boolean> };

export function shippedPromos(): Promos {
  return JSON.parse(readFileSync(SHIPPED, 'utf8')) as Promos;
}

/** Every popup and float off: switches off, no model promo, no notices, no new-year window. */
export function quietPromos(): Promos {
  const p = shippedPromos();
  p.show = Object.fromEntries(
    ['deepseek_dialog', 'first_entry', 'service_float', 'download_bar', 'agent_guide', 'vip_countdown', 'search_guide', 'update_dialog'].map((k) => [k, false]),
  );
  (p.model as { show: boolean }).show = false;
  p.notice = '';
  p.global_notice = null;
  (p.new_year as { enabled: boolean }).enabled = false;
  return p;
}

export function promosFilePath(dataDir: string): string {
  return join(dataDir, 'promos.json');
}

let bump = 0;
/** Write the file with a later mtime each time, so the server sees the change even within one clock tick. */
export function writePromos(file: string, content: Promos): void {
  writeFileSync(file, JSON.stringify(content, null, 2));
  const when = new Date(Date.now() + ++bump * 1000);
  utimesSync(file, when, when);
}

/** The config writes the quiet file once per run (workers load the config too, and must not reset a spec's swap). */
export function ensureQuietPromos(file: string): void {
  if (!existsSync(file)) writePromos(file, quietPromos());
}

/** The running suite's promos file (set by the config for the runner and its workers). */
export function e2ePromosFile(): string {
  const dir = process.env.WANXIANG_E2E_DATA_DIR;
  if (!dir) throw new Error('WANXIANG_E2E_DATA_DIR is not set: run the browser tests through web/playwright.config.ts');
  return promosFilePath(dir);
}
