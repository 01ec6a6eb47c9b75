import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordItem, RecordListReq } from '@wanxiang/contract';
import { mergeRecords, selectHasMore, useHistoryStore } from './chat-history';

/** A fake server list of `n` records, newest first (rec-n .. rec-1), paged like the real one. */
const server = vi.hoisted(() => ({ records: [] as RecordItem[] }));
vi.mock('../api/history', () => ({
  listRecords: vi.fn(async (req: Partial<RecordListReq>) => {
    const page = req.page ?? 1;
    const rows = req.rows ?? 20;
    return { list: server.records.slice((page - 1) * rows, page * rows), total: server.records.length, page, rows };
  }),
  renameRecord: vi.fn(async ({ id, title }: { id: string; title: string }) => ({ ...server.records.find((r) => r.id === id)!, title })),
  deleteRecord: vi.fn(async (id: string) => {
    server.records = server.records.filter((r) => r.id !== id);
  }),
  clearRecords: vi.fn(async () => {
    server.records = [];
  }),
}));

const item = (i: number, at = Date.UTC(2026, 0, 1) + i * 1000): RecordItem => ({
  id: `rec-${i}`,
  title: `会话${i}`,
  model: 'v35',
  messageCount: 2,
  createdAt: new Date(at).toISOString(),
  updatedAt: new Date(at).toISOString(),
});

const st = () => useHistoryStore.getState();

beforeEach(() => {
  server.records = Array.from({ length: 45 }, (_, k) => item(45 - k));
  st().reset();
});

describe('history list store', () => {
  it('reads 20 per page and loads more until the total is reached', async () => {
    await st().load();
    expect(
      st()
        .items.map((r) => r.id)
        .slice(0, 2),
    ).toEqual(['rec-45', 'rec-44']);
    expect(st().items).toHaveLength(20);
    expect(selectHasMore(st())).toBe(true);
    await st().loadMore();
    expect(st().items).toHaveLength(40);
    await st().loadMore();
    expect(st().items).toHaveLength(45);
    expect(selectHasMore(st())).toBe(false);
    await st().loadMore();
    expect(st().page).toBe(3);
  });

  it('a refresh re-reads page 1 and keeps the later pages shown, without duplicates', async () => {
    await st().load();
    await st().loadMore();
    // A new conversation appears on the server; the old ones shift down by one.
    server.records = [item(46), ...server.records];
    await st().load();
    expect(st().items).toHaveLength(41);
    expect(new Set(st().items.map((r) => r.id)).size).toBe(41);
    expect(st().items[0]!.id).toBe('rec-46');
    expect(st().total).toBe(46);
  });

  it('renames, removes and clears', async () => {
    await st().load();
    await st().rename('rec-45', '新名字');
    expect(st().items[0]!.title).toBe('新名字');
    await st().remove('rec-44');
    expect(st().items.map((r) => r.id)).not.toContain('rec-44');
    expect(st().total).toBe(44);
    await st().clear();
    expect(st().items).toEqual([]);
    expect(selectHasMore(st())).toBe(false);
  });

  it('mergeRecords: fresh copies win, newest first', () => {
    const old = [item(2), item(1)];
    const fresh = [{ ...item(1, Date.UTC(2026, 0, 2)), title: '更新' }];
    expect(mergeRecords(fresh, old).map((r) => [r.id, r.title])).toEqual([
      ['rec-1', '更新'],
      ['rec-2', '会话2'],
    ]);
  });
});
