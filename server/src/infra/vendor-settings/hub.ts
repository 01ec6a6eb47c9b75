import type { FastifyBaseLogger } from 'fastify';
import type { VendorCredential } from '../../config';
import type { Database } from '../../db/client';
import { ChangeWatcher } from '../change-watch';
import type { KeyValueStore } from '../kv';
import type { KeyBox } from '../secrets/key-box';
import { selectMaxVendorVersion, selectVendorRows, type VendorSettingRow } from './store';

/** Where a save tells every process (the shared store's pub/sub; Redis across machines). */
export const VENDORS_CHANGED_CHANNEL = 'vendors:changed';

/** A vendor's values saved in the console, the key opened (only this process's memory holds it in clear). */
export interface SavedVendorSetting {
  baseUrl?: string;
  apiKey?: string;
  keyLast4?: string;
  /** The second secret of a vendor that signs with a key pair (Kling's secret key). */
  secretKey?: string;
  secretLast4?: string;
  version: number;
  updatedBy: number | null;
  updatedAt: Date;
}

export interface VendorSettingsOptions {
  database: Pick<Database, 'db'>;
  kv: Pick<KeyValueStore, 'publish' | 'subscribe'>;
  box: Pick<KeyBox, 'open'>;
  /** The environment's credentials by vendor id (config.vendors and the other vendors' settings). */
  env: Readonly<Record<string, VendorCredential>>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * This process's view of the vendor settings saved in the console (table vendor_settings) over the environment's.
 * It follows the other processes with the same ChangeWatcher as the catalog documents (infra/change-watch.ts): a save is
 * announced on the shared store and, as a fallback (a lost message, no Redis across machines), a poll of max(version)
 * finds it.
 * Readers (the LLM gateway) ask `credential(id)` per call and compare `generation` to rebuild what they derived.
 */
export class VendorSettings {
  private readonly saved = new Map<string, SavedVendorSetting>();
  private gen = 0;
  private readonly changes: ChangeWatcher;

  constructor(private readonly opts: VendorSettingsOptions) {
    this.changes = new ChangeWatcher({
      kv: opts.kv,
      channel: VENDORS_CHANGED_CHANNEL,
      what: 'vendor settings',
      log: opts.log,
      latest: () => selectMaxVendorVersion(opts.database.db),
      load: (since) => this.load(since),
    });
  }

  /** Open the view with every saved row loaded, so the first request already uses the console's settings. */
  static async open(opts: VendorSettingsOptions): Promise<VendorSettings> {
    const settings = new VendorSettings(opts);
    await settings.refresh();
    return settings;
  }

  /** Moves whenever a loaded row changed. */
  get generation(): number {
    return this.gen;
  }

  /** The environment's values of a vendor. */
  env(id: string): VendorCredential {
    return this.opts.env[id] ?? {};
  }

  /** The console's values of a vendor (undefined: never saved, or reset to the environment's). */
  savedOf(id: string): SavedVendorSetting | undefined {
    return this.saved.get(id);
  }

  /** The values in force: each saved field over the environment's. */
  credential(id: string): VendorCredential {
    const env = this.env(id);
    const saved = this.saved.get(id);
    return { baseUrl: saved?.baseUrl ?? env.baseUrl, apiKey: saved?.apiKey ?? env.apiKey, secretKey: saved?.secretKey ?? env.secretKey };
  }

  /** Load the rows saved since the last load; concurrent callers share a load that has not started yet. */
  refresh(): Promise<void> {
    return this.changes.refresh();
  }

  private async load(since: number): Promise<number> {
    const fresh = await selectVendorRows(this.opts.database.db, since);
    if (!fresh.length) return since;
    let newest = since;
    for (const row of fresh) {
      newest = Math.max(newest, row.version);
      const value = this.opened(row);
      if (value) this.saved.set(row.vendor, value);
      else this.saved.delete(row.vendor);
    }
    this.gen += 1;
    // Names and versions only: never a key.
    this.opts.log.info({ vendors: fresh.map((r) => `${r.vendor}@${r.version}`) }, 'vendor settings reloaded');
    return newest;
  }

  private opened(row: VendorSettingRow): SavedVendorSetting | undefined {
    const apiKey = this.openKey(row, row.apiKeySealed);
    const secretKey = this.openKey(row, row.secretKeySealed);
    const baseUrl = row.baseUrl ?? undefined;
    if (apiKey === undefined && secretKey === undefined && baseUrl === undefined) return undefined;
    return {
      baseUrl,
      apiKey,
      keyLast4: apiKey ? (row.keyLast4 ?? undefined) : undefined,
      secretKey,
      secretLast4: secretKey ? (row.secretLast4 ?? undefined) : undefined,
      version: row.version,
      updatedBy: row.updatedBy,
      updatedAt: row.updatedAt,
    };
  }

  private openKey(row: VendorSettingRow, sealed: string | null): string | undefined {
    if (!sealed) return undefined;
    try {
      return this.opts.box.open(sealed);
    } catch (err) {
      // PROVIDER_KEY_SECRET changed since the save: the environment's key serves until an admin saves it again.
      this.opts.log.error({ err: String(err), vendor: row.vendor }, 'a saved vendor key does not open with this PROVIDER_KEY_SECRET; using the environment');
      return undefined;
    }
  }

  /** Tell every process (this one included) that a vendor changed. Best effort: the poll still finds it. */
  announce(version: number): Promise<void> {
    return this.changes.announce(version);
  }

  /** Follow the other processes' saves: on their message, and every `pollMs` (0: messages only). Answers the stop. */
  watch(pollMs: number): Promise<() => void> {
    return this.changes.watch(pollMs);
  }
}
