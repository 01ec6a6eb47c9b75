/** Shared counters and small values: in-process memory, or Redis when REDIS_URL is set. */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  /** Increment a counter that expires `windowSec` after its first increment; returns the new value. */
  incr(key: string, windowSec: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSec: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Tell every process of this deployment (subscribers of `channel`, this process included). */
  publish(channel: string, message: string): Promise<void>;
  /** Hear `channel`'s messages (from when the promise resolves) until the unsubscribe it gives is called or the store closes. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => void>;
  close(): Promise<void>;
}
