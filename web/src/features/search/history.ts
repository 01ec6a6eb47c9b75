import type { RecordItem } from '@wanxiang/contract';
import { BianjieDb, type LocalRecord } from '../../db/bianjie';
import { historyKeyword } from './keyword';

/**
 * Search history (docs/product/search.md §3, §7): the local table `serach` (rows {searchid, mode,
 * itemMessage}: add, list newest first, filter by mode, delete by id) merged with the server's
 * AI search conversations (chat history, model net_search, 20 per page).
 */

export interface HistoryEntry {
  /** 'local:<row id>' or 'server:<conversation id>'. */
  key: string;
  text: string;
  mode: number;
  /** The conversation to reopen (server rows, or a local row saved with one). */
  searchid?: string;
  at: number;
  origin: 'local' | 'server';
}

let db: BianjieDb | null = null;
const table = () => (db ??= new BianjieDb()).serach;

export async function addLocalSearch(query: string, mode: number, searchid = ''): Promise<void> {
  const itemMessage = historyKeyword(query);
  if (!itemMessage) return;
  await table().add({ searchid, mode, itemMessage, createdAt: Date.now(), type: 'search' });
}

/** Newest first; only the mode asked for when given. */
export async function listLocalSearches(mode?: number): Promise<LocalRecord[]> {
  const rows = await table().reverse().toArray();
  return mode === undefined ? rows : rows.filter((r) => r.mode === mode);
}

export async function deleteLocalSearch(id: number): Promise<void> {
  await table().delete(id);
}

export function fromLocal(r: LocalRecord): HistoryEntry {
  return {
    key: `local:${r.id}`,
    text: String(r.itemMessage ?? ''),
    mode: Number(r.mode ?? 0),
    searchid: typeof r.searchid === 'string' && r.searchid ? r.searchid : undefined,
    at: Number(r.createdAt ?? 0),
    origin: 'local',
  };
}

export function fromServer(r: RecordItem): HistoryEntry {
  const at = Date.parse(r.updatedAt ?? r.createdAt ?? '');
  return { key: `server:${r.id}`, text: r.title, mode: 2, searchid: r.id, at: Number.isNaN(at) ? 0 : at, origin: 'server' };
}

/**
 * One list, newest first. A local row naming a conversation the server also lists is shown
 * once (the server row: it can be reopened and deleted there); same text in the same mode too.
 */
export function mergeHistory(local: HistoryEntry[], server: HistoryEntry[]): HistoryEntry[] {
  const serverIds = new Set(server.map((s) => s.searchid));
  const seen = new Set<string>();
  const out: HistoryEntry[] = [];
  for (const e of [...server, ...local.filter((l) => !l.searchid || !serverIds.has(l.searchid))].sort((a, b) => b.at - a.at)) {
    const k = `${e.mode}:${historyKeyword(e.text)}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(e);
  }
  return out;
}
