import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { e2ePromosFile } from './promos-file';
import { serverEnv } from './server-env';

/**
 * A second server for a spec that needs a setting the suite's server runs without (the service
 * worker): the same command and environment as the config's, its own port and database, and the
 * settings given. Started in a spec's beforeAll, stopped in its afterAll.
 */
export interface SecondServer {
  baseURL: string;
  stop(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '../..');

export async function startSecondServer(suiteBaseURL: string, settings: Record<string, string>): Promise<SecondServer> {
  const suitePort = Number(new URL(suiteBaseURL).port);
  // The fakes listen on the suite's port + 50 (playwright.config.ts); + 51 is free beside them.
  const port = suitePort + 51;
  const env = {
    ...process.env,
    ...serverEnv({ port, dataDir: mkdtempSync(join(tmpdir(), 'wanxiang-e2e-2-')), fakes: `http://127.0.0.1:${suitePort + 50}`, promosFile: e2ePromosFile() }),
    ...settings,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`second server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${baseURL}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop(child);
      throw new Error(`second server did not answer on ${baseURL} within 150 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}
