import { describe, expect, it } from 'vitest';
import { sharedStateWarning, unsupportedNodeReason } from './runtime';

describe('unsupportedNodeReason', () => {
  it('accepts the lines in engines and this Node', () => {
    for (const v of ['20.19.0', 'v20.20.2', '22.13.1', '22.18.0', '24.0.0', '25.1.0']) expect(unsupportedNodeReason(v)).toBeNull();
    expect(unsupportedNodeReason()).toBeNull();
  });

  it('names the needed versions for an older Node', () => {
    for (const v of ['18.20.4', '20.18.1', '21.7.3', '22.12.0', '23.11.0']) {
      expect(unsupportedNodeReason(v)).toContain(`Node ${v} cannot run the server: it needs Node ^20.19.0 || ^22.13.0 || >=24`);
    }
  });
});

describe('sharedStateWarning', () => {
  it('warns only for PostgreSQL without Redis', () => {
    expect(sharedStateWarning({ databaseUrl: 'postgres://db/x', redisUrl: undefined })).toMatch(/REDIS_URL/);
    expect(sharedStateWarning({ databaseUrl: 'postgres://db/x', redisUrl: 'redis://r:6379' })).toBeNull();
    expect(sharedStateWarning({ databaseUrl: undefined, redisUrl: undefined })).toBeNull();
  });
});
