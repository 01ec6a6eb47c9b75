import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * One external converter (pdftoppm, pdftotext, pdfinfo, soffice) run with limits: a deadline
 * after which it is killed (SIGKILL: a stuck soffice ignores SIGTERM), a cap on what it may print,
 * optionally a cap on its memory (`ulimit -v` set by a fixed /bin/sh line that then execs the
 * binary: the arguments are passed as positional parameters, never parsed by the shell), and the
 * task's abort signal. What it writes to disk is capped by the caller. A missing binary is told
 * apart from a failing one, so the task can say "not installed" rather than "your file is broken".
 */

export type BinaryFailure = 'missing' | 'timeout' | 'failed';

export class BinaryError extends Error {
  constructor(
    readonly reason: BinaryFailure,
    readonly detail = '',
  ) {
    super(`external converter ${reason}${detail ? `: ${detail}` : ''}`);
    this.name = 'BinaryError';
  }
}

export interface RunLimits {
  timeoutMs: number;
  /** Most bytes of stdout (and of stderr) kept; past it the process is killed and the run fails. */
  maxOutputBytes?: number;
  signal?: AbortSignal;
  cwd?: string;
  /** Most virtual memory the process may map (a hostile PDF makes the renderer fail, not the machine swap). */
  maxMemoryBytes?: number;
}

/** The shell line that caps memory and becomes the binary ($0) with its arguments ($@). */
const LIMITED = 'ulimit -v "$WX_LIMIT_KB" && exec "$0" "$@"';
/** sh's exit status when the command to exec is not found. */
const NOT_FOUND = 127;

/** Run `bin args...`; answers its stdout. Throws BinaryError. */
export function runBinary(bin: string, args: readonly string[], limits: RunLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const limited = limits.maxMemoryBytes !== undefined;
    execFile(
      limited ? '/bin/sh' : bin,
      limited ? ['-c', LIMITED, bin, ...args] : args,
      {
        ...(limited ? { env: { ...process.env, WX_LIMIT_KB: String(Math.ceil(limits.maxMemoryBytes! / 1024)) } } : {}),
        timeout: limits.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: limits.maxOutputBytes ?? 4 * 1024 * 1024,
        encoding: 'buffer',
        windowsHide: true,
        ...(limits.cwd ? { cwd: limits.cwd } : {}),
        ...(limits.signal ? { signal: limits.signal } : {}),
      },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        limits.signal?.throwIfAborted();
        const e = err as NodeJS.ErrnoException & { killed?: boolean; signal?: string | null };
        if (e.code === 'ENOENT' || (limited && (e.code as unknown) === NOT_FOUND)) return reject(new BinaryError('missing', bin));
        if (e.killed || e.signal === 'SIGKILL') return reject(new BinaryError('timeout', bin));
        reject(new BinaryError('failed', String(stderr).slice(0, 300)));
      },
    );
  });
}

/** Whether a converter can be started here (tests skip with one line when it cannot). */
export async function binaryAvailable(bin: string, versionArgs: readonly string[] = ['-v']): Promise<boolean> {
  try {
    await runBinary(bin, versionArgs, { timeoutMs: 30_000 });
    return true;
  } catch (err) {
    // pdftoppm -v prints its version and exits 0 in new poppler, 99 in old: anything but "not found" means installed.
    return !(err instanceof BinaryError && err.reason === 'missing');
  }
}

/** Bytes of the files in a folder (not recursive): what a converter wrote. */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}
