import type { FastifyBaseLogger } from 'fastify';
import type { CatalogDocumentName } from '@wanxiang/contract';
import type { Database } from '../../db/client';
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
 * has loaded and the highest version among them; `refresh` loads the rows saved since, and `watch` calls it when a
 * save is announced on the shared store and, as a fallback (a lost message, a Redis outage, no Redis at all across
 * machines), whenever a poll of max(version) finds a newer one. Values built from the documents (LiveValue) rebuild
 * when `generation` moves.
 */
export class CatalogDocuments {
  private readonly rows = new Map<string, CatalogDocumentRow>();
  private seen = 0;
  private gen = 0;
  private readonly listeners = new Set<() => void>();
  /** The refreshes run one after another; `queued` is the next one not started yet, which new callers share. */
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(private readonly opts: CatalogDocumentsOptions) {}

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
    return this.seen;
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
    if (this.queued) return this.queued;
    const next = this.chain.then(() => {
      this.queued = null;
      return this.load();
    });
    this.queued = next;
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async load(): Promise<void> {
    const fresh = await selectDocumentRows(this.opts.database.db, this.seen);
    let changed = false;
    for (const row of fresh) {
      const had = this.rows.get(row.name);
      if (!had || had.version < row.version) {
        this.rows.set(row.name, row);
        changed = true;
      }
      this.seen = Math.max(this.seen, row.version);
    }
    if (!changed) return;
    this.gen += 1;
    this.opts.log.info({ documents: fresh.map((r) => `${r.name}@${r.version}`) }, 'catalog documents reloaded');
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (err) {
        this.opts.log.error({ err }, 'catalog document listener failed');
      }
    }
  }

  /** Tell every process (this one included) that a document changed. Best effort: the poll still finds it. */
  async announce(version: number): Promise<void> {
    await this.opts.kv.publish(CATALOG_CHANGED_CHANNEL, String(version)).catch((err: unknown) => {
      this.opts.log.warn({ err }, 'catalog change not announced on the shared store; other processes find it by polling');
    });
  }

  /**
   * Follow the other processes' saves: on their message, and every `pollMs` (0: messages only) when max(version) is
   * newer than what is loaded. Answers the stop.
   */
  async watch(pollMs: number): Promise<() => void> {
    const onMessage = (message: string) => {
      if (Number(message) > this.seen) void this.refresh().catch((err: unknown) => this.opts.log.warn({ err }, 'catalog reload failed'));
    };
    const unsubscribe = await this.opts.kv.subscribe(CATALOG_CHANGED_CHANNEL, onMessage).catch((err: unknown) => {
      this.opts.log.warn({ err }, 'catalog change messages unavailable; polling only');
      return () => undefined;
    });
    let failing = false;
    let busy = false;
    const poll = async () => {
      if (busy) return;
      busy = true;
      try {
        if ((await selectMaxVersion(this.opts.database.db)) > this.seen) await this.refresh();
        if (failing) this.opts.log.info('catalog poll works again');
        failing = false;
      } catch (err) {
        // One line per outage, not one per tick.
        if (!failing) this.opts.log.warn({ err }, 'catalog poll failed; the documents in force stay until it works again');
        failing = true;
      } finally {
        busy = false;
      }
    };
    const timer = pollMs > 0 ? setInterval(() => void poll(), pollMs) : null;
    timer?.unref();
    return () => {
      if (timer) clearInterval(timer);
      unsubscribe();
    };
  }
}
