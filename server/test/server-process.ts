import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/**
 * A real server process (`node --import tsx server/src/main.ts`) for the tests that need whole
 * processes: several of them on one database and one Redis, as a deployment runs them.
 */
const ROOT = resolve(import.meta.dirname, '../..');
/** How much of a child's output is kept for the failure message. */
const LOG_TAIL_CHARS = 8_000;

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  pid: number;
  child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL when it has not exited within `graceMs`; safe to call more than once, also on a stopped (SIGSTOP) process. */
  stop(graceMs?: number): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/**
 * Spawn a server with `env` on top of this process's environment (PORT and HOST are chosen here) and
 * wait until GET /api/ready answers 200 (database reached, migrations applied). Throws with the
 * process's output when it exits or is not ready within `readyTimeoutMs`; the child is killed then.
 */
export async function startServerProcess(name: string, env: Record<string, string>, readyTimeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-LOG_TAIL_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const base = `http://127.0.0.1:${port}`;
  const proc: ServerProcess = {
    base,
    pid: child.pid!,
    child,
    output: () => log,
    async stop(graceMs = 5_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // A stopped process holds SIGTERM until it runs again.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) return proc;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await proc.stop(0);
      throw new Error(
        `server process ${name} ${child.exitCode !== null ? `exited with ${child.exitCode}` : 'was not ready in time'}:\n${log}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
