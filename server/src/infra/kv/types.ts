/** Shared counters and small values: in-process memory, or Redis when REDIS_URL is set. */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  /** Increment a counter that expires `windowSec` after its first increment; returns the new value. */
  incr(key: string, windowSec: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSec: number): Promise<void>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}
