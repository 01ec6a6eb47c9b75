import Dexie, { type Table } from 'dexie';

/**
 * The browser database of docs/product/shell-and-navigation.md §3: IndexedDB 'bianjie', version 1, with the spec's
 * tables. Each feature owns the rows of its table; the schema strings list only indexed fields.
 */
export interface LocalRecord {
  id?: number;
  content?: string;
  title?: string;
  type?: string;
  createdAt?: number;
  task_id?: string;
  url?: string;
  [extra: string]: unknown;
}

/** Remember-account rows (docs/product/shell-and-navigation.md §3 accountHistory): never a plain password, only a device token. */
export interface AccountHistoryRow {
  id?: number;
  account: string;
  /** Long-lived device token exchanged for a session; the spec's password column holds no password. */
  deviceToken: string;
  create_time: number;
  ischecked: boolean;
  type: 'login';
}

/** Red-dot read flags (docs/product/shell-and-navigation.md §3): key = area:name:id, plus the dot version read. */
export interface RedDotRow {
  key: string;
  version: number;
  readAt: number;
}

export class BianjieDb extends Dexie {
  draw!: Table<LocalRecord, number>;
  apply!: Table<LocalRecord, number>;
  accompany!: Table<LocalRecord, number>;
  translate!: Table<LocalRecord, number>;
  chat!: Table<LocalRecord, number>;
  longthesis!: Table<LocalRecord, number>;
  loraHistory!: Table<LocalRecord, number>;
  serach!: Table<LocalRecord, number>;
  fileHistory!: Table<LocalRecord, number>;
  agentFileHistory!: Table<LocalRecord, number>;
  aiWrite!: Table<LocalRecord, number>;
  custom_write!: Table<LocalRecord, number>;
  apply_write!: Table<LocalRecord, number>;
  mtHistory!: Table<LocalRecord, number>;
  ChartHistory!: Table<LocalRecord, number>;
  ttsHistory!: Table<LocalRecord, number>;
  accountHistory!: Table<AccountHistoryRow, number>;
  redDots!: Table<RedDotRow, string>;

  constructor() {
    super('bianjie');
    const rec = '++id, type, createdAt, task_id';
    this.version(1).stores({
      draw: rec,
      apply: rec,
      accompany: rec,
      translate: rec,
      chat: rec,
      longthesis: rec,
      loraHistory: rec,
      serach: rec,
      fileHistory: rec,
      agentFileHistory: rec,
      aiWrite: rec,
      custom_write: rec,
      apply_write: rec,
      mtHistory: rec,
      ChartHistory: rec,
      ttsHistory: rec,
      accountHistory: '++id, &account, create_time',
      redDots: '&key',
    });
  }
}

let instance: BianjieDb | null = null;

/** The one database of the page, opened lazily (tests without IndexedDB never touch it). */
export function bianjie(): BianjieDb {
  instance ??= new BianjieDb();
  return instance;
}
