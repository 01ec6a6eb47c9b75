/**
 * A fair queue of jobs for a few slots (the document-parsing threads). Each owner (a user) has
 * its own line; free slots go round-robin over the owners waiting, so one user's ten heavy PDFs
 * take turns with another user's small text file instead of going first. One owner never holds
 * every slot (at most slots - 1, at least 1), so another owner's job starts at once.
 */

export interface FairLimits {
  /** Jobs running at once in this process. */
  slots: number;
  /** Jobs one owner may have waiting or running; beyond it the owner is refused. */
  perOwner: number;
  /** Jobs waiting in all; beyond it everyone is refused (the server is busy). */
  maxWaiting: number;
}

export class QueueFullError extends Error {
  /** owner: this owner has too many jobs; all: too many jobs are waiting in all. */
  constructor(readonly scope: 'owner' | 'all') {
    super(`queue full (${scope})`);
    this.name = 'QueueFullError';
  }
}

interface Lane {
  running: number;
  waiting: (() => void)[];
  /** When this owner's last job started (0: none yet while the owner has been in line). */
  lastStart: number;
}

export class FairQueue {
  private readonly lanes = new Map<string, Lane>();
  /** Owners with waiting jobs, in turn order. */
  private turns: string[] = [];
  private running = 0;
  private waiting = 0;
  private starts = 0;

  /** Run `job` when `owner`'s turn comes; throws QueueFullError at once when a limit is reached. */
  run<T>(owner: string, limits: FairLimits, job: () => Promise<T>): Promise<T> {
    const lane = this.lanes.get(owner) ?? { running: 0, waiting: [], lastStart: 0 };
    if (lane.running + lane.waiting.length >= limits.perOwner) return Promise.reject(new QueueFullError('owner'));
    if (this.waiting >= limits.maxWaiting) return Promise.reject(new QueueFullError('all'));
    this.lanes.set(owner, lane);
    return new Promise<T>((resolve, reject) => {
      lane.waiting.push(() => {
        Promise.resolve()
          .then(job)
          .then(resolve, reject)
          .finally(() => {
            lane.running--;
            this.running--;
            if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(owner);
            this.pump(limits);
          });
      });
      this.waiting++;
      if (lane.waiting.length === 1) this.turns.push(owner);
      this.pump(limits);
    });
  }

  /** Jobs running and waiting now (tests, logs). */
  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  /** Next turn: the waiting owner with the fewest jobs running, then the one served longest ago, then the first in line. */
  private pump(limits: FairLimits): void {
    const ownerMax = Math.max(1, limits.slots - 1);
    while (this.running < limits.slots) {
      let turn = -1;
      let best: Lane | undefined;
      this.turns.forEach((owner, i) => {
        const lane = this.lanes.get(owner)!;
        if (lane.running >= ownerMax) return;
        if (!best || lane.running < best.running || (lane.running === best.running && lane.lastStart < best.lastStart)) {
          best = lane;
          turn = i;
        }
      });
      if (!best) return;
      const owner = this.turns[turn]!;
      const start = best.waiting.shift()!;
      this.turns.splice(turn, 1);
      if (best.waiting.length > 0) this.turns.push(owner);
      this.waiting--;
      best.running++;
      best.lastStart = ++this.starts;
      this.running++;
      start();
    }
  }
}
