import type { KeyValueStore } from '../infra/kv';

/**
 * Wake-ups and change notices of the task engine, over the key-value store's pub-sub: within one
 * process (memory store) or across every process of a deployment (Redis). They only wake people
 * up; the row stays the truth, so a lost notice costs a poll interval, never a wrong state.
 */

/** Workers listen here: a task was queued (submitted, retried, put back after a lost lease). */
export const WAKE_CHANNEL = 'tasks:wake';

/** One channel per task: its row changed (progress, state); the message is the new state. */
export const taskChannel = (id: string) => `task:${id}`;

export async function notifyQueued(kv: KeyValueStore): Promise<void> {
  await kv.publish(WAKE_CHANNEL, '1').catch(() => undefined);
}

export async function notifyChanged(kv: KeyValueStore, id: string, state: string): Promise<void> {
  await kv.publish(taskChannel(id), state).catch(() => undefined);
}
