import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFullError, type FairLimits } from './fair-queue';

/** A job that runs until the test ends it, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((r) => (open = r));
  return {
    job: async () => {
      log.push(name);
      await done;
      return name;
    },
    open: () => open(),
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('FairQueue', () => {
  it('gives free slots to owners in turn, never all slots to one owner', async () => {
    const q = new FairQueue();
    const limits: FairLimits = { slots: 2, perOwner: 10, maxWaiting: 10 };
    const log: string[] = [];
    const a = ['a1', 'a2', 'a3'].map((n) => gate(log, n));
    const b = ['b1', 'b2'].map((n) => gate(log, n));
    const all = [...a.map((g) => q.run('a', limits, g.job)), ...b.map((g) => q.run('b', limits, g.job))];
    await tick();
    // a holds one slot of two; b's first job starts at once although it came after all of a's.
    expect(log).toEqual(['a1', 'b1']);
    a[0]!.open();
    await tick();
    await tick();
    expect(log).toEqual(['a1', 'b1', 'a2']);
    b[0]!.open();
    await tick();
    await tick();
    expect(log).toEqual(['a1', 'b1', 'a2', 'b2']);
    for (const g of [...a, ...b]) g.open();
    expect(await Promise.all(all)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect(q.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('takes turns round-robin with one slot', async () => {
    const q = new FairQueue();
    const limits: FairLimits = { slots: 1, perOwner: 10, maxWaiting: 10 };
    const order: string[] = [];
    const job = (n: string) => async () => {
      order.push(n);
      await tick();
    };
    await Promise.all([
      ...['a1', 'a2', 'a3'].map((n) => q.run('a', limits, job(n))),
      ...['b1', 'b2'].map((n) => q.run('b', limits, job(n))),
      q.run('c', limits, job('c1')),
    ]);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('refuses an owner past its cap and everyone past the waiting cap, and keeps serving', async () => {
    const q = new FairQueue();
    const limits: FairLimits = { slots: 1, perOwner: 2, maxWaiting: 2 };
    const log: string[] = [];
    const g = ['a1', 'a2', 'b1'].map((n) => gate(log, n));
    const a1 = q.run('a', limits, g[0]!.job);
    const a2 = q.run('a', limits, g[1]!.job);
    await expect(q.run('a', limits, async () => 'a3')).rejects.toEqual(new QueueFullError('owner'));
    const b1 = q.run('b', limits, g[2]!.job);
    await expect(q.run('c', limits, async () => 'c1')).rejects.toEqual(new QueueFullError('all'));
    for (const x of g) x.open();
    expect(await Promise.all([a1, a2, b1])).toEqual(['a1', 'a2', 'b1']);
    expect(await q.run('a', limits, async () => 'again')).toBe('again');
  });

  it('frees the slot when a job fails', async () => {
    const q = new FairQueue();
    const limits: FairLimits = { slots: 1, perOwner: 1, maxWaiting: 1 };
    await expect(q.run('a', limits, () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await q.run('a', limits, async () => 'next')).toBe('next');
  });
});
