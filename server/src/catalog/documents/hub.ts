import type { FastifyBaseLogger } from 'fastify';
import type { CatalogDocumentName } from '@wanxiang/contract';
import type { Database } from '../../db/client';
import { ChangeWatcher } from '../../infra/change-watch';
import type { KeyValueStore } from '../../infra/kv';
import { readDocumentFile, type DocumentFilesConfig } from './files';
import { selectDocumentRows, selectMaxVersion, type CatalogDocumentRow } from './store';

/** Where a save tells every process (the shared store's pub/sub; Redis across machines). */
export const CATALOG_CHANGED_CHANNEL = 'catalog:changed';

export interface CatalogDocumentsOptions {
  database: Pick<Database, 'db'>;
  kv: Pick<KeyValueStore, 'publish' | 'subscribe'>;
  config: DocumentFilesConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * This process's view of the operator documents saved in the console (table catalog_documents). It keeps the rows it
 * has loaded; the shared ChangeWatcher (infra/change-watch.ts) loads the rows saved since, when a save is announced on
 * the shared store and, as a fallback, whenever a poll of max(version) finds a newer one. Values built from the documents (LiveValue) rebuild
 * when `generation` moves.
 */
export class CatalogDocuments {
  private readonly rows = new Map<string, CatalogDocumentRow>();
  private gen = 0;
  private readonly listeners = new Set<() => void>();
  private readonly changes: ChangeWatcher;

  constructor(private readonly opts: CatalogDocumentsOptions) {
    this.changes = new ChangeWatcher({
      kv: opts.kv,
      channel: CATALOG_CHANGED_CHANNEL,
      what: 'catalog',
      log: opts.log,
      latest: () => selectMaxVersion(opts.database.db),
      load: (since) => this.load(since),
    });
  }

  /** Open the view with every saved row loaded, so the first request already sees the console's documents. */
  static async open(opts: CatalogDocumentsOptions): Promise<CatalogDocuments> {
    const docs = new CatalogDocuments(opts);
    await docs.refresh();
    return docs;
  }

  get log(): CatalogDocumentsOptions['log'] {
    return this.opts.log;
  }

  /** Moves whenever a loaded row changed: a cheap test for the values built from the documents. */
  get generation(): number {
    return this.gen;
  }

  /** The highest version this process has loaded. */
  get loadedVersion(): number {
    return this.changes.loadedVersion;
  }

  /** The saved content of a document, or undefined while its file is in force. */
  saved(name: CatalogDocumentName): unknown {
    const content = this.rows.get(name)?.content;
    return content === null ? undefined : content;
  }

  /** The last save or reset of a document (undefined: never edited in the console). */
  row(name: CatalogDocumentName): CatalogDocumentRow | undefined {
    return this.rows.get(name);
  }

  /** A string that changes exactly when one of `names` was saved or reset. */
  stamp(names: readonly CatalogDocumentName[]): string {
    return names.map((n) => this.rows.get(n)?.version ?? 0).join(':');
  }

  /** The document's file default, read now. */
  file(name: CatalogDocumentName): unknown {
    return readDocumentFile(this.opts.config, name);
  }

  /** The content in force: the saved one, else the file. */
  content(name: CatalogDocumentName): unknown {
    return this.saved(name) ?? this.file(name);
  }

  /** Called after each refresh that changed something (values rebuild at once, so a bad one is logged at once). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Load the rows saved since the last load. Concurrent callers share a load that has not started yet. */
  refresh(): Promise<void> {
    return this.changes.refresh();
  }

  private async load(since: number): Promise<number> {
    const fresh = await selectDocumentRows(this.opts.database.db, since);
    let changed = false;
    let newest = since;
    for (const row of fresh) {
      const had = this.rows.get(row.name);
      if (!had || had.version < row.version) {
        this.rows.set(row.name, row);
        changed = true;
      }
      newest = Math.max(newest, row.version);
    }
    if (!changed) return newest;
    this.gen += 1;
    this.opts.log.info({ documents: fresh.map((r) => `${r.name}@${r.version}`) }, 'catalog documents reloaded');
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (err) {
        this.opts.log.error({ err }, 'catalog document listener failed');
      }
    }
    return newest;
  }

  /** Tell every process (this one included) that a document changed. Best effort: the poll still finds it. */
  announce(version: number): Promise<void> {
    return this.changes.announce(version);
  }

  /**
   * Follow the other processes' saves: on their message, and every `pollMs` (0: messages only) when max(version) is
   * newer than what is loaded. Answers the stop.
   */
  watch(pollMs: number): Promise<() => void> {
    return this.changes.watch(pollMs);
  }
}
