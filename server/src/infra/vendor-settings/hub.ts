import type { FastifyBaseLogger } from 'fastify';
import type { VendorCredential } from '../../config';
import type { Database } from '../../db/client';
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
 * It follows the other processes exactly as the catalog documents do (catalog/documents/hub.ts): a save is announced on
 * the shared store and, as a fallback (a lost message, no Redis across machines), a poll of max(version) finds it.
 * Readers (the LLM gateway) ask `credential(id)` per call and compare `generation` to rebuild what they derived.
 */
export class VendorSettings {
  private readonly saved = new Map<string, SavedVendorSetting>();
  private seen = 0;
  private gen = 0;
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(private readonly opts: VendorSettingsOptions) {}

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
    return { baseUrl: saved?.baseUrl ?? env.baseUrl, apiKey: saved?.apiKey ?? env.apiKey };
  }

  /** Load the rows saved since the last load; concurrent callers share a load that has not started yet. */
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
    const fresh = await selectVendorRows(this.opts.database.db, this.seen);
    if (!fresh.length) return;
    for (const row of fresh) {
      this.seen = Math.max(this.seen, row.version);
      const value = this.opened(row);
      if (value) this.saved.set(row.vendor, value);
      else this.saved.delete(row.vendor);
    }
    this.gen += 1;
    // Names and versions only: never a key.
    this.opts.log.info({ vendors: fresh.map((r) => `${r.vendor}@${r.version}`) }, 'vendor settings reloaded');
  }

  private opened(row: VendorSettingRow): SavedVendorSetting | undefined {
    let apiKey: string | undefined;
    if (row.apiKeySealed) {
      try {
        apiKey = this.opts.box.open(row.apiKeySealed);
      } catch (err) {
        // PROVIDER_KEY_SECRET changed since the save: the environment's key serves until an admin saves it again.
        this.opts.log.error({ err: String(err), vendor: row.vendor }, 'a saved vendor key does not open with this PROVIDER_KEY_SECRET; using the environment');
      }
    }
    const baseUrl = row.baseUrl ?? undefined;
    if (apiKey === undefined && baseUrl === undefined) return undefined;
    return { baseUrl, apiKey, keyLast4: apiKey ? (row.keyLast4 ?? undefined) : undefined, version: row.version, updatedBy: row.updatedBy, updatedAt: row.updatedAt };
  }

  /** Tell every process (this one included) that a vendor changed. Best effort: the poll still finds it. */
  async announce(version: number): Promise<void> {
    await this.opts.kv.publish(VENDORS_CHANGED_CHANNEL, String(version)).catch((err: unknown) => {
      this.opts.log.warn({ err }, 'vendor change not announced on the shared store; other processes find it by polling');
    });
  }

  /** Follow the other processes' saves: on their message, and every `pollMs` (0: messages only). Answers the stop. */
  async watch(pollMs: number): Promise<() => void> {
    const onMessage = (message: string) => {
      if (Number(message) > this.seen) void this.refresh().catch((err: unknown) => this.opts.log.warn({ err }, 'vendor settings reload failed'));
    };
    const unsubscribe = await this.opts.kv.subscribe(VENDORS_CHANGED_CHANNEL, onMessage).catch((err: unknown) => {
      this.opts.log.warn({ err }, 'vendor change messages unavailable; polling only');
      return () => undefined;
    });
    let failing = false;
    let busy = false;
    const poll = async () => {
      if (busy) return;
      busy = true;
      try {
        if ((await selectMaxVendorVersion(this.opts.database.db)) > this.seen) await this.refresh();
        failing = false;
      } catch (err) {
        // One line per outage, not one per tick.
        if (!failing) this.opts.log.warn({ err }, 'vendor settings poll failed; the settings in force stay until it works again');
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
