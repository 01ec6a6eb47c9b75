// Fixed-window counters moved to server/src/infra/kv/rate-limit.ts (the streaming engine's admission uses them too);
// re-exported here for the route modules that import them from the platform.
export { hit, enforce, peek, type HitResult } from '../infra/kv/rate-limit';
