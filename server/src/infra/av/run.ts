import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBinary, type RunLimits } from '../process/run-binary';

/**
 * Debian's ffmpeg, ffprobe, sox, espeak-ng and fpcalc, run as processes with the limits of
 * run-binary.ts (deadline, output cap, abort signal). Never a binary fetched at install time, never
 * a wrapper library (fluent-ffmpeg is archived): arguments are arrays, nothing goes through a shell.
 * Work happens in a private temporary folder that is removed afterwards, whatever happens.
 */

export { BinaryError, binaryAvailable } from '../process/run-binary';

/** Default deadline of one media process (a long video's burn-in gets its own, larger one). */
export const AV_TIMEOUT_MS = 120_000;

export type AvLimits = Partial<RunLimits>;

const limitsOf = (l: AvLimits): RunLimits => ({ timeoutMs: AV_TIMEOUT_MS, ...l });

/** ffmpeg quiet, never asking, overwriting its own outputs: the caller's args follow. */
export function ffmpeg(args: readonly string[], limits: AvLimits = {}): Promise<Buffer> {
  return runBinary('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], limitsOf(limits));
}

export function ffprobe(args: readonly string[], limits: AvLimits = {}): Promise<Buffer> {
  return runBinary('ffprobe', ['-hide_banner', '-loglevel', 'error', ...args], limitsOf({ timeoutMs: 30_000, ...limits }));
}

export function sox(args: readonly string[], limits: AvLimits = {}): Promise<Buffer> {
  return runBinary('sox', args, limitsOf(limits));
}

export function espeak(args: readonly string[], limits: AvLimits = {}): Promise<Buffer> {
  return runBinary('espeak-ng', args, limitsOf({ maxOutputBytes: 64 * 1024 * 1024, ...limits }));
}

export function fpcalc(args: readonly string[], limits: AvLimits = {}): Promise<Buffer> {
  return runBinary('fpcalc', args, limitsOf({ timeoutMs: 60_000, ...limits }));
}

/** Run `fn` with a fresh private folder, removed afterwards. */
export async function withWorkDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'wx-av-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
