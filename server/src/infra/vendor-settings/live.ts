import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { withVendorSettings, type VendorValues } from './backends';
import type { CallRecorder } from './recorded';

/** What a live backend follows: the vendor settings in force and their generation (VendorSettings). */
export interface VendorSettingsSource extends VendorValues {
  readonly generation: number;
}

/**
 * A backend rebuilt from the configuration with the vendor settings in force whenever they change (a console save on
 * this process or, through VendorSettings' message and poll, on another): `current()` answers the backend of the
 * settings in force. A build that fails keeps the backend in force and logs once per change: the console refuses bad
 * values, so this is a vendor that cannot start (a missing file), and the old one still serves.
 */
export function rebuildOnChange<T>(
  settings: VendorSettingsSource,
  config: Config,
  build: (config: Config) => T,
  log: Pick<FastifyBaseLogger, 'error'>,
): () => T {
  let gen = settings.generation;
  let value = build(withVendorSettings(config, settings));
  return () => {
    if (gen === settings.generation) return value;
    gen = settings.generation;
    try {
      value = build(withVendorSettings(config, settings));
    } catch (err) {
      log.error({ err }, 'a backend could not be rebuilt with the saved vendor settings; the previous one stays in force');
    }
    return value;
  };
}

/**
 * An object that reads every property from `current()` at the time of use, so callers that keep a reference (the app
 * context's `images`, `stt`, `webSearch`; the music and video states) always reach the backend in force. Methods are
 * bound to the backend they were read from.
 */
export function liveObject<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      const target = current();
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    has: (_target, prop) => Reflect.has(current(), prop),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_target, prop) => {
      const desc = Reflect.getOwnPropertyDescriptor(current(), prop);
      // The proxy's empty target has no such property: it must be reported configurable.
      return desc ? { ...desc, configurable: true } : undefined;
    },
  });
}

/** Where the app context keeps its VendorBackends (ModuleStates), for the backends made on first use (music, video). */
export const VENDOR_BACKENDS_STATE = 'vendor-backends';

/** Makes live backends of one app: rebuilt with its vendor settings, its calls recorded in its VendorCallStats. */
export interface VendorBackends {
  live<T extends object>(build: (config: Config, calls: CallRecorder) => T): T;
}

export function vendorBackends(settings: VendorSettingsSource, config: Config, calls: CallRecorder, log: Pick<FastifyBaseLogger, 'error'>): VendorBackends {
  return { live: (build) => liveObject(rebuildOnChange(settings, config, (c) => build(c, calls), log)) };
}

/**
 * A backend made on first use by a module (the music and video states), live when the app has its VendorBackends (every
 * app createContext makes), else built once from the configuration.
 */
export function liveBackendOf<T extends object>(
  ctx: { config: Config; moduleStates: { peek<V>(name: string): V | undefined } },
  build: (config: Config, calls?: CallRecorder) => T,
): T {
  const backends = ctx.moduleStates.peek<VendorBackends>(VENDOR_BACKENDS_STATE);
  return backends ? backends.live(build) : build(ctx.config);
}
