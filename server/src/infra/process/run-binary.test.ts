import { describe, expect, it } from 'vitest';
import { BinaryError, runBinary } from './run-binary';

/** The converter runner's limits, on coreutils every machine has (sleep, head, dd). */
describe('runBinary', () => {
  const reason = (p: Promise<unknown>) => p.then(() => 'ok', (err: unknown) => (err instanceof BinaryError ? err.reason : String(err)));

  it('answers stdout; a binary that is not there is "missing", with or without the memory cap', async () => {
    expect((await runBinary('echo', ['页码', '$HOME;rm -rf /'], { timeoutMs: 5_000 })).toString()).toBe('页码 $HOME;rm -rf /\n');
    expect((await runBinary('echo', ['$HOME;`id`'], { timeoutMs: 5_000, maxMemoryBytes: 256 * 1024 * 1024 })).toString()).toBe('$HOME;`id`\n');
    expect(await reason(runBinary('/nonexistent/pdftoppm', [], { timeoutMs: 5_000 }))).toBe('missing');
    expect(await reason(runBinary('/nonexistent/pdftoppm', [], { timeoutMs: 5_000, maxMemoryBytes: 256 * 1024 * 1024 }))).toBe('missing');
  });

  it('kills a process past its deadline, and one that prints more than its cap', async () => {
    const started = Date.now();
    expect(await reason(runBinary('sleep', ['10'], { timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await reason(runBinary('head', ['-c', '1000000', '/dev/zero'], { timeoutMs: 5_000, maxOutputBytes: 1_000 }))).not.toBe('ok');
  });

  it('a process that wants more memory than its cap fails; the same without the cap runs', async () => {
    const dd = ['if=/dev/zero', 'of=/dev/null', 'bs=300M', 'count=1'];
    expect(await reason(runBinary('dd', dd, { timeoutMs: 10_000, maxMemoryBytes: 100 * 1024 * 1024 }))).toBe('failed');
    expect(await reason(runBinary('dd', dd, { timeoutMs: 10_000 }))).toBe('ok');
  });
});
