import { ConfigError, loadConfig, type Config } from './config';

/**
 * The Node lines the server runs on, as `engines` in the root package.json says: the oldest that
 * every dependency supports (jsdom: ^20.19 || ^22.13 || >=24; undici and cheerio >=20.18.1).
 */
const SUPPORTED: readonly { major: number; minMinor: number }[] = [
  { major: 20, minMinor: 19 },
  { major: 22, minMinor: 13 },
];
const FIRST_OPEN_MAJOR = 24;
export const SUPPORTED_NODE = '^20.19.0 || ^22.13.0 || >=24';

/** Why this Node cannot run the server (one line for the operator), or null when it can. */
export function unsupportedNodeReason(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major >= FIRST_OPEN_MAJOR) return null;
  if (SUPPORTED.some((s) => s.major === major && minor >= s.minMinor)) return null;
  return `Node ${version} cannot run the server: it needs Node ${SUPPORTED_NODE} (run it with \`npm run serve\`, which uses the project's pinned Node 24, or install a supported Node).`;
}

/**
 * A warning for a deployment that looks like several processes (PostgreSQL) but shares no Redis:
 * QR logins, stop calls, logouts, rate limits and catalog changes would then stay inside the
 * process that saw them (docs/multi-process.md). One process on PostgreSQL is fine, hence a warning.
 */
export function sharedStateWarning(config: Pick<Config, 'databaseUrl' | 'redisUrl'>): string | null {
  if (!config.databaseUrl || config.redisUrl) return null;
  return 'DATABASE_URL is set without REDIS_URL: run a single server process, or set REDIS_URL so several processes share logins, stop calls, limits and catalog changes (docs/multi-process.md)';
}

/**
 * The start of every process role (server, worker): refuse an unsupported Node and a bad
 * configuration with one line for the operator and exit code 1, else answer the configuration.
 */
export function startupConfigOrExit(): Config {
  const oldNode = unsupportedNodeReason();
  if (oldNode) {
    console.error(oldNode);
    process.exit(1);
  }
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
