/**
 * The environment of the server the browser tests run against (the config's webServer; a spec that
 * needs a second server with another setting, such as service-worker.spec.ts, starts one with it).
 */
/** The account of the admin console specs: listed in ADMIN_PHONES, so it has the admin role once it logs in. */
export const E2E_ADMIN_PHONE = '19900000016';

export interface ServerEnvOptions {
  port: number;
  dataDir: string;
  /** Base URL of the fake outside sources (server/test/fake-sources). */
  fakes: string;
  promosFile: string;
}

export function serverEnv(o: ServerEnvOptions): Record<string, string> {
  return {
    PORT: String(o.port),
    HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    NODE_ENV: 'development',
    SMS_FIXED_CODE: '123456',
    // Every browser test signs in from 127.0.0.1: far more codes a day than one real network asks for.
    SMS_IP_DAY_LIMIT: '100000',
    // ...and registers every account of the suite from that one address.
    REGISTER_PER_IP_PER_DAY: '100000',
    DEMO_TOKEN_DELAY_MS: '15',
    ADMIN_PHONES: E2E_ADMIN_PHONE,
    // Slide builds pause 150 ms per slide, so the slides spec can watch the progress bar move.
    SLIDES_PACE_MS: '150',
    LOG_LEVEL: 'warn',
    PROMOS_FILE: o.promosFile,
    // No service worker: every spec's network mocks see every request; service-worker.spec.ts runs its own server with it on.
    WEB_SERVICE_WORKER: '0',
    // Fake sources and custom providers run on loopback; the SSRF specs use other private addresses.
    SSRF_ALLOW: '127.0.0.1',
    // Outside sources point at the fakes: each area adds its base URLs here, under FAKES.
    HOT_ZHIHU_BASE_URL: `${o.fakes}/hot-zhihu`,
    MCP_SERVERS_JSON: JSON.stringify([
      { name: 'fake', description: '测试 MCP 服务', type: 'streamable_http', status: 1, url: `${o.fakes}/mcp-fake` },
    ]),
    HOT_BAIDU_BASE_URL: `${o.fakes}/hot-baidu`,
    HOT_WEIBO_BASE_URL: `${o.fakes}/hot-weibo`,
    WEBDISK_BASE_URL: `${o.fakes}/webdisk`,
    OPENALEX_BASE_URL: `${o.fakes}/openalex`,
    ARXIV_BASE_URL: `${o.fakes}/arxiv`,
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
  };
}
