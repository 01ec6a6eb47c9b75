import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createKeyValueStore, type KeyValueStore } from './infra/kv';
import { createSmsProvider, type SmsProvider } from './infra/sms';
import { createSafeFetch, createSafeStreamFetch, type SafeFetch, type StreamFetch } from './infra/safe-fetch';
import { createSpeechToText, type SpeechToText } from './infra/stt';
import { createTextToSpeech, type TextToSpeech } from './infra/speech';
import { createFileStore, type FileStore } from './infra/storage';
import { catalogFile, type Catalog } from './catalog';
import { CatalogDocuments } from './catalog/documents/hub';
import { createLiveCatalog } from './catalog/live';
import { createLlmGateway, type LlmGateway } from './llm/gateway';
import { createImageBackend, loadImagesFile, type ImageBackend } from './infra/images';
import { createWebSearch, type WebSearch } from './infra/web-search';
import { createPayRegistry, type PayRegistry } from './infra/pay';
import { createAccessTokens, createWechatLogin, type AccessTokens, type WechatLogin } from './infra/wechat';
import { createMetrics, type AppMetrics } from './infra/metrics';
import { withUpstreamErrorCount } from './llm/metered';
import { VendorSettings } from './infra/vendor-settings/hub';
import { VendorCallStats } from './infra/vendor-settings/stats';
import { vendorEnv } from './infra/vendor-settings/backends';
import { rebuildOnChange, VENDOR_BACKENDS_STATE, vendorBackends } from './infra/vendor-settings/live';
import { callKey, recordedFetch, recordedSpeech, recordedStt } from './infra/vendor-settings/recorded';
import { KeyBox, loadKeySecret } from './infra/secrets/key-box';
import { StreamRegistry } from './streaming/registry';

/**
 * Everything a module needs, built once per process: configuration, the database and the
 * adapters behind interfaces. Tests build one with their own fakes through `createContext`'s overrides.
 */
export interface AppContext {
  config: Config;
  database: Database;
  kv: KeyValueStore;
  sms: SmsProvider;
  safeFetch: SafeFetch;
  /** The same SSRF rules for answers that stream (custom providers, MCP servers). */
  safeStreamFetch: StreamFetch;
  /** Speech to text for voice and video import. */
  stt: SpeechToText;
  /** Text to speech for the voice tools, dubbing and voice conversation: a vendor, the demo voice (espeak-ng), or null (not enabled). */
  speech: TextToSpeech | null;
  /** The file store: DATA_DIR/files, or an S3-compatible bucket (FILES_S3_*). */
  storage: FileStore;
  /** The Catalog in force (models, groups, tiers): the console's saved documents over the files, swapped without a restart. */
  catalog: Catalog;
  /** This process's copy of the operator documents saved in the admin console (catalog/documents): what the live values read. */
  documents: CatalogDocuments;
  llm: LlmGateway;
  /**
   * The vendors' base URLs and keys saved in the admin console over the environment's, followed on every process: the
   * chat vendors (the LLM gateway reads them per call) and the backend vendors (`images`, `speech`, `stt`, `webSearch`
   * and the music and video states are rebuilt when they change).
   */
  vendorSettings: VendorSettings;
  /** This process's recent vendor calls (the console's 24 h error rate and latency). */
  vendorCalls: VendorCallStats;
  /** Image generation and editing by operation (infra/images): vendors from images.json, or the demo painter. */
  images: ImageBackend;
  /** Web search for chat turns that ask for it (search sources and backend). */
  webSearch: WebSearch;
  /** Payment providers (mock, Alipay, WeChat Pay) for shop orders. */
  pay: PayRegistry;
  /** WeChat QR login: dev confirm page, official account, or off. */
  wechat: WechatLogin;
  /** WeChat access tokens, one holder per appid shared by every process (official account, mini-program links). */
  wechatTokens: AccessTokens;
  /** Aborted when the process stops: open streams end with an `error` event, background jobs stop. */
  shutdown: AbortController;
  /** The streams open on this process: drained (then stopped) at shutdown. */
  streams: StreamRegistry;
  /** What the modules keep per app (connections, caches), made on first use; see ModuleStates. */
  moduleStates: ModuleStates;
  /** Numbers for machines (GET /metrics): this app's own Prometheus registry with METRICS_TOKEN, else hooks that do nothing. */
  metrics: AppMetrics;
}

/**
 * Per-app state of the modules (MCP connections, the cloud-disk channels and word list...), owned by the context: each
 * app (tests build several in one process) has its own, and it goes with the context instead of living in module-level
 * maps keyed by it. A module names its entry and makes it on first use.
 */
export class ModuleStates {
  private readonly values = new Map<string, unknown>();

  /** The module's state under `name`, made by `make` the first time. */
  get<T>(name: string, make: () => T): T {
    if (!this.values.has(name)) this.values.set(name, make());
    return this.values.get(name) as T;
  }

  /** The state under `name` if it was made, else undefined (a shutdown that must not make it). */
  peek<T>(name: string): T | undefined {
    return this.values.get(name) as T | undefined;
  }

  /** Put a ready-made state under `name` (tests with their own fetch or DNS). */
  set<T>(name: string, value: T): void {
    this.values.set(name, value);
  }
}

export type ContextOverrides = Partial<Omit<AppContext, 'config' | 'streams'>>;

export async function createContext(config: Config, logger: FastifyBaseLogger, overrides: ContextOverrides = {}): Promise<AppContext> {
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  const kv = overrides.kv ?? (await createKeyValueStore(config));
  const sms = overrides.sms ?? createSmsProvider(config, logger);
  const safeFetch = overrides.safeFetch ?? createSafeFetch({ allow: config.ssrfAllow });
  const safeStreamFetch = overrides.safeStreamFetch ?? createSafeStreamFetch({ allow: config.ssrfAllow });
  const storage = overrides.storage ?? createFileStore(config);
  // Loaded before anything reads the catalog, so the first request already sees the console's saved documents.
  const documents = overrides.documents ?? (await CatalogDocuments.open({ database, kv, config, log: logger }));
  const catalog = overrides.catalog ?? createLiveCatalog(documents);
  const metrics = overrides.metrics ?? createMetrics(config);
  // Counted around whichever gateway serves (a test's own too): vendor failures are the gateway's one choke point.
  const vendorSettings =
    overrides.vendorSettings ??
    (await VendorSettings.open({ database, kv, box: new KeyBox(await loadKeySecret(config)), env: vendorEnv(config), log: logger }));
  const vendorCalls = overrides.vendorCalls ?? new VendorCallStats();
  const llm = withUpstreamErrorCount(
    overrides.llm ?? (await createLlmGateway(config, catalog, logger, { credentials: vendorSettings, calls: vendorCalls })),
    metrics,
  );
  // The media and search backends are rebuilt from the vendor settings in force when the console saves one (on any
  // process), so callers keep `ctx.images` etc. and reach the backend in force; a test's own backend stays as it is.
  const live = <T extends object>(build: (c: Config) => T): T => vendorBackends(vendorSettings, config, vendorCalls, logger).live(build);
  const searchFetch = recordedFetch(callKey('search', 'searxng'), vendorCalls);
  const webSearch = overrides.webSearch ?? live((c) => createWebSearch(c, { demo: llm.demo, fetch: searchFetch }, logger));
  const stt = overrides.stt ?? live((c) => recordedStt(createSpeechToText(c), vendorCalls));
  // The file store publishes clone samples for a vendor that takes them as a URL (CosyVoice; S3 only).
  const currentSpeech = rebuildOnChange(vendorSettings, config, (c) => recordedSpeech(createTextToSpeech(c, { demo: llm.demo, storage }), vendorCalls), logger);
  const images =
    overrides.images ?? live((c) => createImageBackend(c, loadImagesFile(catalogFile(c.catalogDir, 'images.json')), { demo: llm.demo, metrics, calls: vendorCalls }));
  const wechatTokens = overrides.wechatTokens ?? createAccessTokens({ kv, apiBase: config.wechat.apiBase });
  const wechat = overrides.wechat ?? createWechatLogin(config.wechat, wechatTokens);
  const pay = overrides.pay ?? createPayRegistry(config);
  const shutdown = overrides.shutdown ?? new AbortController();
  const streams = new StreamRegistry(shutdown.signal);
  const moduleStates = overrides.moduleStates ?? new ModuleStates();
  if (!moduleStates.peek(VENDOR_BACKENDS_STATE)) moduleStates.set(VENDOR_BACKENDS_STATE, vendorBackends(vendorSettings, config, vendorCalls, logger));
  const ctx: AppContext = { pay, config, database, kv, sms, safeFetch, safeStreamFetch, stt, speech: null, storage, catalog, documents, llm, vendorSettings, vendorCalls, images, webSearch, wechat, wechatTokens, shutdown, streams, moduleStates, metrics };
  // `speech` is null while no voice is enabled, so it is a property read at each use rather than an object that forwards.
  if (overrides.speech !== undefined) ctx.speech = overrides.speech;
  else Object.defineProperty(ctx, 'speech', { get: currentSpeech, enumerable: true });
  return ctx;
}

/** Close what the context opened, in reverse order. */
export async function closeContext(ctx: AppContext): Promise<void> {
  ctx.shutdown.abort();
  await ctx.llm.close();
  await ctx.kv.close();
  await ctx.database.close();
  ctx.metrics.close();
}
