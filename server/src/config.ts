import { resolve } from 'node:path';
import { z } from 'zod';
import { LIMITS, PHONE_PATTERN } from '@wanxiang/contract';
import type { TencentSmsSettings } from './infra/sms/tencent';
import type { WechatSettings } from './infra/wechat/types';
import type { S3Settings } from './infra/storage/types';
import { payConfigIssues, paySettingsFromEnv, type PaySettings } from './infra/pay/settings';

/**
 * Every setting of the server, parsed from the environment by this one schema.
 * The only module that reads process.env; it fails fast at boot with the offending variable.
 */
const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const vendorIds = ['DEEPSEEK', 'ZHIPU', 'MOONSHOT', 'DASHSCOPE', 'ARK', 'QIANFAN', 'OPENAI'] as const;
export type VendorEnvId = (typeof vendorIds)[number];

const EnvSchema = z
  .object({
    /** production | development | test */
    NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
    /** HTTP port for web + API. */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Interface to bind. */
    HOST: z.string().default('0.0.0.0'),
    /** Where PGlite data and local files live. */
    DATA_DIR: z.string().default('./data'),
    /** PostgreSQL URL; unset = embedded PGlite in DATA_DIR. */
    DATABASE_URL: optionalUrl,
    /** PostgreSQL pool size per process. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    /** Redis URL for shared rate limits and cross-instance state; unset = in-process memory. */
    REDIS_URL: optionalUrl,
    /** Time zone of business days (quotas, sign-in). */
    TZ_BUSINESS: z.string().default('Asia/Shanghai'),
    /** pino level. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Built web app to serve; empty disables static hosting. */
    WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
    /** Largest accepted request body in bytes. */
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    /** Days a login token stays valid. */
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Trust X-Forwarded-For from a reverse proxy. */
    TRUST_PROXY: bool.default(false),
    /** Bearer token Prometheus sends to GET /metrics (16+ chars); unset = no /metrics route and no numbers kept. */
    METRICS_TOKEN: z
      .string()
      .min(16, 'METRICS_TOKEN needs at least 16 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The worker role (`npm run worker`) serves GET /metrics on this port (needs METRICS_TOKEN; 0 = any free port, logged); unset = no listener. */
    WORKER_METRICS_PORT: z
      .literal('')
      .transform(() => undefined)
      .or(z.coerce.number().int().min(0).max(65535))
      .optional(),
    /** Interface the worker's metrics listener binds (Prometheus must reach it; 127.0.0.1 keeps it on the machine). */
    WORKER_METRICS_HOST: z.string().min(1).default('0.0.0.0'),

    /** console (dev, logs codes) | tencent (Tencent Cloud SMS). */
    SMS_PROVIDER: z.enum(['console', 'tencent']).optional(),
    /** Dev only: every code check accepts this code. Refused in production. */
    SMS_FIXED_CODE: z
      .string()
      .regex(/^\d{4,6}$/)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Codes one IP may request per business day (a shared office or campus network may need more). */
    SMS_IP_DAY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(LIMITS.smsPerIpPerDay),
    /** Accounts one IP may register (POST /v1/user/register) per 24 hours (a shared office or campus network may need more). */
    REGISTER_PER_IP_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /** Accounts one browser (the register call's device_id) may register per 24 hours. */
    REGISTER_PER_DEVICE_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(3),
    /** Phones (comma-separated) whose accounts get the admin role at login (docs/admin.md); removing one revokes nothing. */
    ADMIN_PHONES: z
      .string()
      .default('')
      .transform((v, ctx) => {
        const phones = [...new Set(v.split(/[,\s]+/).filter(Boolean))];
        for (const p of phones) if (!PHONE_PATTERN.test(p)) ctx.addIssue({ code: 'custom', message: `"${p}" is not a mainland mobile number` });
        return phones;
      }),
    /** Custom providers: AES-256-GCM secret for stored API keys (any string, 16+ chars); required in production. */
    PROVIDER_KEY_SECRET: z
      .string()
      .min(16)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Custom models a user may keep: free accounts / members (chat2/getModelMax). */
    CUSTOM_MODEL_MAX_FREE: z.coerce.number().int().min(0).max(1000).default(3),
    CUSTOM_MODEL_MAX_MEMBER: z.coerce.number().int().min(0).max(1000).default(20),
    /** Tencent Cloud SMS credentials and template. */
    TENCENT_SMS_SECRET_ID: z.string().optional(),
    TENCENT_SMS_SECRET_KEY: z.string().optional(),
    TENCENT_SMS_APP_ID: z.string().optional(),
    TENCENT_SMS_SIGN_NAME: z.string().optional(),
    TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
    TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
    /** Endpoint override (tests point it at a local fake). */
    TENCENT_SMS_ENDPOINT: z.string().url().default('https://sms.tencentcloudapi.com'),

    /** Per-vendor keys and base URLs; a vendor with a key serves its models for real. */
    DEEPSEEK_API_KEY: z.string().optional(),
    DEEPSEEK_BASE_URL: optionalUrl,
    ZHIPU_API_KEY: z.string().optional(),
    ZHIPU_BASE_URL: optionalUrl,
    MOONSHOT_API_KEY: z.string().optional(),
    MOONSHOT_BASE_URL: optionalUrl,
    DASHSCOPE_API_KEY: z.string().optional(),
    DASHSCOPE_BASE_URL: optionalUrl,
    ARK_API_KEY: z.string().optional(),
    ARK_BASE_URL: optionalUrl,
    QIANFAN_API_KEY: z.string().optional(),
    QIANFAN_BASE_URL: optionalUrl,
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: optionalUrl,
    /** Ollama server (no key); when set, Ollama-backed models are served by it. */
    OLLAMA_BASE_URL: optionalUrl,
    /** Any OpenAI-compatible endpoint for the 'compatible' vendor. */
    COMPATIBLE_API_KEY: z.string().optional(),
    COMPATIBLE_BASE_URL: optionalUrl,

    /** Force the built-in demo upstream even when keys are set (benchmarks). */
    DEMO_UPSTREAM: bool.optional(),
    /** Use an already running demo upstream (its /v1 base URL) instead of starting one (benchmarks). */
    DEMO_UPSTREAM_URL: optionalUrl,
    /** Milliseconds between demo tokens. */
    DEMO_TOKEN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(30),
    /** Upstream: ms to wait for the first byte before failing. */
    UPSTREAM_FIRST_BYTE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    /** Upstream: ms of silence mid-stream before failing. */
    UPSTREAM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
    /** Chat streams: ms between `: ping` heartbeat comments (keeps proxies from closing idle streams). */
    CHAT_HEARTBEAT_MS: z.coerce.number().int().min(10).default(15_000),
    /** Resumable answers: events kept per answer for readers that re-attach (older ones go first; a reader asking for them reloads from history). */
    ANSWER_LOG_MAX_EVENTS: z.coerce.number().int().min(10).max(1_000_000).default(20_000),
    /** Resumable answers: seconds an answer's events stay after its last one (a reload or a second tab within this re-attaches). */
    ANSWER_LOG_TTL_SEC: z.coerce.number().int().min(1).max(86_400).default(900),
    /** Resumable answers: ms between reads of a re-attached reader following an answer streamed by another process (Redis). */
    ANSWER_LOG_POLL_MS: z.coerce.number().int().min(5).max(10_000).default(100),
    /** Quota: a reservation still held after this many ms belongs to a crashed or stuck stream; the reaper releases it. */
    QUOTA_RESERVATION_TTL_MS: z.coerce.number().int().min(1_000).default(600_000),
    /** Fair use: answers one user may have streaming at once, across processes (a battle round counts once); beyond it HTTP 429. */
    STREAMS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(3),
    /** Fair use: answers one user may start per minute. */
    STREAM_STARTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(30),
    /** Our OpenAI-compatible API (/v1): requests one API key may make per minute (beyond it HTTP 429 with Retry-After). */
    OPENAI_API_KEY_RPM: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** Fair use: long tasks (slide files) one user may have running at once, across processes. */
    TASKS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(3),
    /** Shutdown (SIGTERM): ms running answers may go on to their end before the rest are ended with an `error` event; no new answer starts meanwhile. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(25_000),
    /** Task engine: run task workers inside this server process (inline, the default) or not (off: only `npm run worker` processes run tasks). */
    TASK_WORKERS: z.enum(['inline', 'off']).default('inline'),
    /** Task engine: tasks one worker process runs at once. */
    TASK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(4),
    /** Task engine: ms a worker's claim on a task lasts without renewal; a killed worker's tasks are taken over after it. */
    TASK_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
    /** Task engine: default ms from submission after which the timeout sweep fails a task and refunds it. */
    TASK_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
    /** Task engine: claims before a task whose worker keeps dying fails (and refunds). */
    TASK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(3),
    /** Task engine: ms between runs of the sweep (expired leases, timeouts, hold keep-alive). */
    TASK_SWEEP_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
    /** Task engine: longest ms an idle worker waits before looking for work again (a submit wakes it at once). */
    TASK_POLL_MAX_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),

    /** Folder of the operator-editable catalog (models.json, groups.json, tiers.json); unset = server/catalog. */
    CATALOG_DIR: z.string().optional(),
    /** The promos file (notices, update prompt, guides); unset = promos.json in CATALOG_DIR or the shipped one. Re-read when it changes. */
    PROMOS_FILE: z.string().optional(),
    /** ms between each process's checks for catalog documents saved in the admin console (besides the Redis message); 0 = messages only. */
    CATALOG_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    /** The web client registers its offline service worker (told in config/init); 0 turns it off (browser tests). */
    WEB_SERVICE_WORKER: bool.default(true),
    /** Comma-separated hosts or CIDRs the SSRF-safe fetch trusts (intranet deployments, tests). */
    SSRF_ALLOW: z.string().default(''),
    /** MCP servers: a JSON array of {name, description, type, status, url} replacing the catalog's mcp.json (tests, intranets). */
    MCP_SERVERS_JSON: z.string().optional(),
    /** MCP: ms to connect to one server and list its tools before it is skipped. */
    MCP_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8_000),
    /** MCP: ms one tool call may take. */
    MCP_TOOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** MCP: characters of a tool's answer given to the model and shown in the chat. */
    MCP_RESULT_MAX_CHARS: z.coerce.number().int().min(100).max(200_000).default(8_000),
    /** Shared model cards: distinct reports that hide a card (status 4). */
    SHARED_MODEL_REPORT_HIDE: z.coerce.number().int().min(1).default(3),
    /** Shared model cards: days an account must exist before its report counts towards hiding a card. */
    SHARED_MODEL_REPORT_MIN_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(3650).default(7),

    /** Image vendors beside the chat ones (OpenAI, Ark, Zhipu and DashScope images use the chat vendors' keys). */
    SILICONFLOW_API_KEY: z.string().optional(),
    /** SiliconFlow's OpenAI-style base, ending before /images/generations. */
    SILICONFLOW_BASE_URL: z.string().url().default('https://api.siliconflow.cn/v1'),
    /** A self-hosted ComfyUI (http://host:8188): the image edit workflows of server/catalog/comfyui/. Unset = off. */
    COMFYUI_BASE_URL: optionalUrl,
    /** Bearer key when the ComfyUI sits behind an authenticating proxy. */
    COMFYUI_API_KEY: z.string().optional(),
    /** Milliseconds one image job may take at a vendor (submit, poll and download). */
    IMAGE_TIMEOUT_MS: z.coerce.number().int().min(5_000).max(1_800_000).default(300_000),
    /** Layout-preserving PDF translation: a PDFMathTranslate / BabelDOC HTTP service (http://host:7860). Unset = off. */
    DOC_TRANSLATE_LAYOUT_URL: optionalUrl,
    /** Bearer key when that service sits behind an authenticating proxy. */
    DOC_TRANSLATE_LAYOUT_API_KEY: z.string().optional(),
    /** The `service` that engine translates with (openai, deepseek, google...); unset = the engine's default. */
    DOC_TRANSLATE_LAYOUT_SERVICE: z.string().max(64).optional(),

    /** Document library: embedding model id for hybrid retrieval (e.g. embedding-3, text-embedding-3-small); unset = full-text retrieval only. */
    DOC_EMBEDDINGS_MODEL: z.string().max(128).default(''),
    /** The chat vendor whose base URL and key serve /embeddings (zhipu, openai, qwen, compatible...). */
    DOC_EMBEDDINGS_VENDOR: z.string().max(32).optional(),
    /** Or an explicit OpenAI-compatible base URL ending before /embeddings (overrides the vendor's). */
    DOC_EMBEDDINGS_BASE_URL: optionalUrl,
    /** Bearer key of that base URL. */
    DOC_EMBEDDINGS_API_KEY: z.string().optional(),

    /** Speech to text for voice/video import: none (imports say no service is configured) | openai (any OpenAI-compatible /audio/transcriptions). */
    STT_PROVIDER: z.enum(['none', 'openai']).default('none'),
    /** Base URL ending before /audio/transcriptions (OpenAI, SiliconFlow, Groq, a self-hosted whisper server). */
    STT_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
    /** Bearer key of the speech-to-text service. */
    STT_API_KEY: z.string().optional(),
    /** Transcription model id, e.g. whisper-1 or FunAudioLLM/SenseVoiceSmall. */
    STT_MODEL: z.string().min(1).default('whisper-1'),
    /** Language hint sent with each file (ISO 639-1); empty = let the service detect it. */
    STT_LANGUAGE: z.string().default('zh'),
    /** Milliseconds one transcription may take. */
    STT_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(120_000),

    /** Music (issue 15; infra/music): MiniMax music_generation key (unset = no MiniMax songs) and its API base. */
    MINIMAX_MUSIC_API_KEY: z.string().optional(),
    MINIMAX_MUSIC_BASE_URL: z.string().url().default('https://api.minimaxi.com'),
    MINIMAX_MUSIC_MODEL: z.string().min(1).default('music-2.0'),
    /** A Suno-style relay the operator names (POST /suno/submit/music, GET /suno/fetch/{id}); off when unset. */
    SUNO_RELAY_URL: optionalUrl,
    SUNO_RELAY_KEY: z.string().optional(),
    SUNO_MODEL: z.string().min(1).default('chirp-v4'),
    /** Track separation service (Demucs/UVR behind the protocol of infra/music/separation.ts); off when unset. */
    SEPARATION_URL: optionalUrl,
    SEPARATION_KEY: z.string().optional(),
    /** AcoustID client key for 听歌识曲 (fingerprints looked up at api.acoustid.org); off when unset. */
    ACOUSTID_KEY: z.string().optional(),
    /** Milliseconds one song may take from submit to downloaded takes. */
    MUSIC_TIMEOUT_MS: z.coerce.number().int().min(10_000).default(600_000),

    /** Video generation (issue 15; infra/video): Kling's access and secret keys (unset = no Kling) and API base; Zhipu, Ark and DashScope use the chat vendors' keys. */
    KLING_ACCESS_KEY: z.string().optional(),
    KLING_SECRET_KEY: z.string().optional(),
    KLING_BASE_URL: z.string().url().default('https://api-beijing.klingai.com'),
    /** Milliseconds one video may take from submit to the labelled file. */
    VIDEO_TIMEOUT_MS: z.coerce.number().int().min(10_000).default(1_200_000),

    /** Text to speech (issue 15; infra/speech): none = the demo voice in demo mode | openai (OpenAI speech protocol: OpenAI, SiliconFlow CosyVoice, self-hosted) | minimax (T2A + voice clone) | dashscope (Qwen-TTS) | cosyvoice (DashScope CosyVoice over WebSocket; voice clone with an S3 file store). */
    TTS_PROVIDER: z.enum(['none', 'openai', 'minimax', 'dashscope', 'cosyvoice']).default('none'),
    /** API base (unset = the vendor's own: https://api.openai.com/v1, https://api.minimaxi.com, https://dashscope.aliyuncs.com). */
    TTS_BASE_URL: optionalUrl,
    TTS_API_KEY: z.string().optional(),
    /** Model id (unset = tts-1 / speech-02-hd / qwen-tts / cosyvoice-v2), e.g. FunAudioLLM/CosyVoice2-0.5B on SiliconFlow. */
    TTS_MODEL: z.string().optional(),
    /** MiniMax GroupId (some accounts need it on every call). */
    TTS_GROUP_ID: z.string().optional(),
    /** The voice picker's presets as JSON [{id, name, gender?, emotions?}]; unset = the vendor's list in infra/speech/voices.ts. */
    TTS_VOICES: z.string().optional(),
    /** Milliseconds one synthesis or clone call may take. */
    TTS_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(60_000),

    /** HTTP: ms a client may take to send a whole request (headers and body); the web app itself gives up after 120 s. Responses (chat streams) are not limited. */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
    /** HTTP: ms a client may take to send the request headers. */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(20_000),
    /** Uploads: documents parsed at once per process (each in its own worker thread, about one CPU core). */
    UPLOAD_PARSE_THREADS: z.coerce.number().int().min(1).max(64).default(2),
    /** Uploads: documents one user may have waiting or being parsed; beyond it HTTP 429 (a message carries up to 5 files). */
    UPLOAD_PARSE_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
    /** Uploads: documents waiting to be parsed per process, all users together; beyond it HTTP 429. */
    UPLOAD_PARSE_QUEUE: z.coerce.number().int().min(1).max(10_000).default(32),
    /** Uploads: days an upload is kept, per membership level (vip), `vip=days` comma-separated, `*` for the other levels; 0 = kept for good. */
    UPLOAD_RETENTION_DAYS: z
      .string()
      .default('0=7,*=30')
      .transform((v, ctx) => {
        const parsed = parseRetention(v);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    /** Uploads: ms between sweeps deleting expired uploads (every process sweeps; they never delete a row twice). */
    UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).default(3_600_000),
    /** Slides: ms the deck build waits after drawing each slide (0 = none; the browser tests set it so the progress bar can be watched moving). */
    SLIDES_PACE_MS: z.coerce.number().int().min(0).max(10_000).default(0),
    /** File store: S3-compatible endpoint URL (OSS, COS, MinIO, R2...); unset = AWS's own for the region. */
    FILES_S3_ENDPOINT: optionalUrl,
    /** File store: bucket name; set = files go to this bucket instead of DATA_DIR/files. */
    FILES_S3_BUCKET: z.string().optional(),
    /** File store: bucket region (S3-compatible services mostly accept any, e.g. us-east-1). */
    FILES_S3_REGION: z.string().min(1).default('us-east-1'),
    /** File store: access key id; unset = the AWS SDK's default credential chain. */
    FILES_S3_ACCESS_KEY_ID: z.string().optional(),
    /** File store: secret access key of that id. */
    FILES_S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** File store: the bucket in the path instead of the host name (MinIO and most self-hosted servers need it). */
    FILES_S3_FORCE_PATH_STYLE: bool.default(false),
    /** File store: downloads from a bucket answer a 302 to a signed URL valid a few minutes instead of passing the bytes through the server. */
    FILES_SIGNED_URLS: bool.default(false),

    /** WeChat QR login: dev (a local confirm page stands in for the scan) | official (official account) | off; unset = dev outside production, off in production. */
    WECHAT_LOGIN: z.enum(['dev', 'official', 'off']).optional(),
    /** Official account (服务号) appid and secret, for access tokens and parametric QR codes. */
    WECHAT_APP_ID: z.string().optional(),
    WECHAT_APP_SECRET: z.string().optional(),
    /** The Token set in the official account's server configuration; signs its event callbacks. */
    WECHAT_TOKEN: z.string().optional(),
    /** The EncodingAESKey (43 characters) of the account's server configuration, for its safe or compatible message mode. */
    WECHAT_ENCODING_AES_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}$/, 'WECHAT_ENCODING_AES_KEY must be the 43-character EncodingAESKey of the WeChat server configuration')
      .optional(),
    /** The mini-program's own appid and secret for its links (generate_urllink); unset = WECHAT_APP_ID / WECHAT_APP_SECRET. */
    WECHAT_MINI_APP_ID: z.string().optional(),
    WECHAT_MINI_APP_SECRET: z.string().optional(),
    /** WeChat API base (tests point it at a local fake). */
    WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),

    /** Web search for chat: searxng | demo (offline, labelled demo results) | none; unset = searxng when SEARXNG_URL is set, else demo in demo mode. */
    WEB_SEARCH_PROVIDER: z.enum(['searxng', 'demo', 'none']).optional(),
    /** Base URL of a SearXNG instance with the JSON format enabled (GET {base}/search?q=&format=json). */
    SEARXNG_URL: optionalUrl,
    /** Web search: ms a search may take before the answer goes on without it. */
    WEB_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** Web search: most sources given to the model per question. */
    WEB_SEARCH_MAX_RESULTS: z.coerce.number().int().min(1).max(20).default(6),
    /** AIGC detection: a Fast-DetectGPT-style detector service (POST {url} {texts} -> {probabilities}); unset = the chat model judges. */
    AIGC_DETECTOR_URL: optionalUrl,
    /** AIGC detection: ms one call to the detector service may take. */
    AIGC_DETECTOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** Cloud-disk search: a base URL standing in for every channel of catalog/webdisk.json ({base}/{key}?keyword=&page=; tests, staging); unset = each channel's own template. */
    WEBDISK_BASE_URL: optionalUrl,
    /** Cloud-disk search: ms one channel may take before it counts as empty. */
    WEBDISK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
    /** Result filter: URL of the forbidden-word list (JSON array of strings, or one word per line); unset = the built-in list. */
    FORBIDDEN_WORDS_URL: optionalUrl,
    /** Result filter: ms between refreshes of the remote forbidden-word list. */
    FORBIDDEN_WORDS_REFRESH_MS: z.coerce.number().int().min(1_000).default(3_600_000),
    /** Hot-list sources of the AI search landing (docs/product/search.md §2): each site's API base URL. */
    HOT_ZHIHU_BASE_URL: z.string().url().default('https://api.zhihu.com'),
    HOT_BAIDU_BASE_URL: z.string().url().default('https://top.baidu.com'),
    HOT_WEIBO_BASE_URL: z.string().url().default('https://weibo.com'),
    /** Scholar search (Google style): OpenAlex works API base (GET {base}/works?search=); no key needed. */
    OPENALEX_BASE_URL: z.string().url().default('https://api.openalex.org'),
    /** arXiv API base (GET {base}/api/query?search_query=, Atom XML). */
    ARXIV_BASE_URL: z.string().url().default('http://export.arxiv.org'),
    /** Scholar and arXiv: ms a source may take before it counts as failed (empty page). */
    SCHOLAR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),

    /** Payments (docs/payments.md): mock (dev: a local page pays) | alipay | wechat; unset = mock outside production. */
    PAY_PROVIDER: z.enum(['mock', 'alipay', 'wechat']).optional(),
    /** Public base URL the gateways post notifies to, e.g. https://ai.example.com (notify = {base}/api/v1/pay/notify/{provider}). */
    PAY_NOTIFY_BASE_URL: optionalUrl,
    /** Mock provider: HMAC key of its signed notifies; unset = random per process. */
    PAY_MOCK_SECRET: z.string().optional(),
    /** Alipay open platform app; keys are PEM text or a file path. */
    ALIPAY_APP_ID: z.string().optional(),
    ALIPAY_PRIVATE_KEY: z.string().optional(),
    ALIPAY_PUBLIC_KEY: z.string().optional(),
    ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
    /** WeChat Pay v3 merchant; keys are PEM text or a file path. */
    WECHATPAY_MCH_ID: z.string().optional(),
    WECHATPAY_APP_ID: z.string().optional(),
    WECHATPAY_SERIAL_NO: z.string().optional(),
    WECHATPAY_PRIVATE_KEY: z.string().optional(),
    WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
    WECHATPAY_API_V3_KEY: z.string().optional(),
    WECHATPAY_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SMS_FIXED_CODE) {
      ctx.addIssue({ code: 'custom', path: ['SMS_FIXED_CODE'], message: 'SMS_FIXED_CODE must not be set in production' });
    }
    if (env.NODE_ENV === 'production' && !env.PROVIDER_KEY_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['PROVIDER_KEY_SECRET'], message: 'PROVIDER_KEY_SECRET is required in production' });
    }
    if (env.SMS_PROVIDER === 'tencent') {
      for (const k of [
        'TENCENT_SMS_SECRET_ID',
        'TENCENT_SMS_SECRET_KEY',
        'TENCENT_SMS_APP_ID',
        'TENCENT_SMS_SIGN_NAME',
        'TENCENT_SMS_TEMPLATE_ID',
      ] as const) {
        if (!env[k]) ctx.addIssue({ code: 'custom', path: [k], message: `${k} is required when SMS_PROVIDER=tencent` });
      }
    }
    if (!env.FILES_S3_ACCESS_KEY_ID !== !env.FILES_S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({ code: 'custom', path: ['FILES_S3_SECRET_ACCESS_KEY'], message: 'FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY go together' });
    }
    if (env.WEB_SEARCH_PROVIDER === 'searxng' && !env.SEARXNG_URL) {
      ctx.addIssue({ code: 'custom', path: ['SEARXNG_URL'], message: 'SEARXNG_URL is required when WEB_SEARCH_PROVIDER=searxng' });
    }
    for (const issue of payConfigIssues(env)) ctx.addIssue({ code: 'custom', ...issue });
    if (env.WORKER_METRICS_PORT !== undefined && !env.METRICS_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['WORKER_METRICS_PORT'], message: 'WORKER_METRICS_PORT needs METRICS_TOKEN (the scraper sends it as Bearer)' });
    }
    if (env.NODE_ENV === 'production' && env.WECHAT_LOGIN === 'dev') {
      ctx.addIssue({ code: 'custom', path: ['WECHAT_LOGIN'], message: 'WECHAT_LOGIN=dev is for development only (use official or off)' });
    }
    if (env.WECHAT_LOGIN === 'official') {
      for (const k of ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TOKEN'] as const) {
        if (!env[k]) ctx.addIssue({ code: 'custom', path: [k], message: `${k} is required when WECHAT_LOGIN=official` });
      }
    }
    if (env.NODE_ENV === 'production' && (env.SMS_PROVIDER ?? 'console') === 'console') {
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'SMS_PROVIDER=console is for development only' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Days uploads are kept per membership level, and for the levels not named. */
export interface RetentionDays {
  byVip: Record<number, number>;
  other: number;
}

/** `0=7,52=30,*=30` -> RetentionDays, or what is wrong with it. */
function parseRetention(text: string): RetentionDays | string {
  const byVip: Record<number, number> = {};
  let other: number | undefined;
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\*|\d+)\s*=\s*(\d+)$/.exec(part);
    if (!m) return `"${part}" is not vip=days (e.g. 0=7,*=30)`;
    if (m[1] === '*') other = Number(m[2]);
    else byVip[Number(m[1])] = Number(m[2]);
  }
  if (other === undefined) return 'needs a *=days entry for the levels not named (e.g. 0=7,*=30)';
  return { byVip, other };
}

export interface VendorCredential {
  apiKey?: string;
  baseUrl?: string;
  /** The second secret of a vendor that signs with a key pair (Kling: apiKey is the access key, this the secret key). */
  secretKey?: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  redisUrl?: string;
  tzBusiness: string;
  /** ADMIN_PHONES: accounts with these phones get the admin role when they log in. */
  adminPhones: readonly string[];
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  bodyLimit: number;
  tokenTtlDays: number;
  trustProxy: boolean;
  /** GET /metrics (docs/operations.md): served only with a token, which the scraper sends as Bearer. */
  metrics: { token?: string };
  /** The worker role's own GET /metrics listener (docs/operations.md): off without a port. */
  workerMetrics: { port?: number; host: string };
  sms: {
    provider: 'console' | 'tencent';
    fixedCode?: string;
    /** Codes one IP may request per business day. */
    ipDayLimit: number;
    tencent: TencentSmsSettings;
  };
  /** Registrations per 24 hours from one IP and from one browser (device_id). */
  register: { perIpPerDay: number; perDevicePerDay: number };
  /** Credentials by vendor id (lower case: deepseek, zhipu, moonshot, dashscope, ark, qianfan, openai, ollama, compatible). */
  vendors: Record<string, VendorCredential>;
  forceDemo: boolean;
  /** External demo upstream base URL; unset = the gateway starts its own on loopback. */
  demoUpstreamUrl?: string;
  demoTokenDelayMs: number;
  upstreamFirstByteTimeoutMs: number;
  upstreamIdleTimeoutMs: number;
  chatHeartbeatMs: number;
  /** Resumable answers (streaming/answer-log.ts): events kept per answer, their lifetime after the last, the cross-process follow interval. */
  answerLog: { maxEvents: number; ttlSec: number; pollMs: number };
  quotaReservationTtlMs: number;
  /** Fair use (QUALITY G19): live answers and running tasks per user, answers started per minute. */
  fairUse: { streamsPerUser: number; streamStartsPerMinute: number; tasksPerUser: number };
  /** Our OpenAI-compatible API (docs/openai-api.md): requests per minute per API key. */
  openaiApi: { keyRequestsPerMinute: number };
  /** Ms running answers may finish after SIGTERM before they are ended. */
  shutdownGraceMs: number;
  /** Task engine (server/src/jobs): workers in this process or not, their concurrency, leases, timeouts and sweep. */
  tasks: {
    workers: 'inline' | 'off';
    concurrency: number;
    leaseMs: number;
    timeoutMs: number;
    maxAttempts: number;
    sweepMs: number;
    pollMaxMs: number;
  };
  ssrfAllow: string[];
  /** Node's HTTP server: how long a client may take to send a request, and its headers. */
  http: { requestTimeoutMs: number; headersTimeoutMs: number };
  /** Chat attachments: parsing slots and caps, retention per membership level, the expiry sweep. */
  uploads: {
    parse: { slots: number; perOwner: number; maxWaiting: number };
    retentionDays: RetentionDays;
    sweepEveryMs: number;
  };
  /** Slide-file builds (modules/slides): pause after each slide drawn. */
  slides: { paceMs: number };
  /** File store (infra/storage): DATA_DIR/files, or an S3-compatible bucket when one is named; signed-URL downloads. */
  files: { dir: string; s3?: S3Settings; signedUrls: boolean };
  /** MCP servers and tool calls (modules/mcp). */
  mcp: { serversJson?: string; connectTimeoutMs: number; toolTimeoutMs: number; resultMaxChars: number };
  /** Distinct reports that hide a shared model card. */
  sharedModelReportHide: number;
  /** Days an account must exist before its report on a shared model card counts. */
  sharedModelReportMinAccountDays: number;
  /** Custom providers: key encryption secret (undefined = dev file in DATA_DIR) and slot limits. */
  providers: { keySecret?: string; maxFree: number; maxMember: number };
  /** Speech to text for voice/video import. */
  /** Document library embeddings (modules/doc-library/embeddings.ts): off when model or baseUrl is empty. */
  docEmbeddings: { model: string; vendor?: string; baseUrl?: string; apiKey?: string };
  stt: { provider: 'none' | 'openai'; baseUrl: string; apiKey?: string; model: string; language?: string; timeoutMs: number };
  /** Music vendors, separation service and AcoustID (infra/music): each off when its URL or key is unset. */
  music: {
    minimax: { apiKey?: string; baseUrl: string; model: string };
    suno: { relayUrl?: string; apiKey?: string; model: string };
    separation: { url?: string; apiKey?: string };
    acoustidKey?: string;
    timeoutMs: number;
  };
  /** Video generation (infra/video): Kling's keys (the other video vendors use config.vendors) and the time one video may take. */
  video: { kling: { accessKey?: string; secretKey?: string; baseUrl: string }; timeoutMs: number };
  /** Text to speech vendor (infra/speech): provider none = the demo voice in demo mode, else not enabled. */
  tts?: { provider: 'none' | 'openai' | 'minimax' | 'dashscope' | 'cosyvoice'; baseUrl?: string; apiKey?: string; model?: string; groupId?: string; voicesJson?: string; timeoutMs: number };
  /** Image vendors that are not chat vendors, and the time one image job may take (infra/images). */
  images: { siliconflow: VendorCredential; comfyui: VendorCredential; timeoutMs: number };
  /** Document translation: the optional layout-preserving PDF engine (server/src/tools/tasks/translate-layout.ts). */
  docTranslate: { layout: { baseUrl?: string; apiKey?: string; service?: string } };
  /** Catalog folder override; undefined = the shipped server/catalog. */
  catalogDir?: string;
  /** Explicit promos file (PROMOS_FILE); undefined = the catalog's promos.json. */
  promosFile?: string;
  /** CATALOG_POLL_MS: how often a process looks for catalog documents saved on another one (0 = Redis messages only). */
  catalogPollMs: number;
  /** WEB_SERVICE_WORKER: the web client may register its service worker. */
  webServiceWorker: boolean;
  /** Payment providers (server/src/infra/pay). */
  pay: PaySettings;
  /** WeChat QR login (infra/wechat). */
  wechat: WechatSettings;
  /** The mini-program whose links /api/wechat/generate_urllink makes ('' = not configured). */
  wechatMini: { appId: string; appSecret: string };
  /** Hot-list API bases (search hub landings). */
  hotLists: { zhihuUrl: string; baiduUrl: string; weiboUrl: string };
  /** Cloud-disk channels and the result filter (modules/webdisk). */
  webdisk: { baseUrl?: string; timeoutMs: number; forbiddenWordsUrl?: string; forbiddenWordsRefreshMs: number };
  webSearch: {
    /** undefined = decided at boot: searxng with a URL, demo in demo mode, else none. */
    provider?: 'searxng' | 'demo' | 'none';
    searxngUrl?: string;
    timeoutMs: number;
    maxResults: number;
  };
  /** Scholar and arXiv sources (modules/scholar). */
  scholar: { openalexUrl: string; arxivUrl: string; timeoutMs: number };
  /** AIGC detection (modules/aigc): the operator's detector service, if any. */
  aigc: { detectorUrl?: string; detectorTimeoutMs: number };
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const vendors: Record<string, VendorCredential> = {};
  for (const id of vendorIds) {
    vendors[id.toLowerCase()] = { apiKey: e[`${id}_API_KEY`] || undefined, baseUrl: e[`${id}_BASE_URL`] };
  }
  vendors.ollama = { baseUrl: e.OLLAMA_BASE_URL };
  vendors.compatible = { apiKey: e.COMPATIBLE_API_KEY || undefined, baseUrl: e.COMPATIBLE_BASE_URL };
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    tzBusiness: e.TZ_BUSINESS,
    adminPhones: e.ADMIN_PHONES,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    bodyLimit: e.BODY_LIMIT,
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    trustProxy: e.TRUST_PROXY,
    metrics: { token: e.METRICS_TOKEN },
    workerMetrics: { port: e.WORKER_METRICS_PORT, host: e.WORKER_METRICS_HOST },
    register: { perIpPerDay: e.REGISTER_PER_IP_PER_DAY, perDevicePerDay: e.REGISTER_PER_DEVICE_PER_DAY },
    sms: {
      provider: e.SMS_PROVIDER ?? 'console',
      fixedCode: e.SMS_FIXED_CODE,
      ipDayLimit: e.SMS_IP_DAY_LIMIT,
      tencent: {
        secretId: e.TENCENT_SMS_SECRET_ID ?? '',
        secretKey: e.TENCENT_SMS_SECRET_KEY ?? '',
        appId: e.TENCENT_SMS_APP_ID ?? '',
        signName: e.TENCENT_SMS_SIGN_NAME ?? '',
        templateId: e.TENCENT_SMS_TEMPLATE_ID ?? '',
        region: e.TENCENT_SMS_REGION,
        endpoint: e.TENCENT_SMS_ENDPOINT,
      },
    },
    vendors,
    forceDemo: e.DEMO_UPSTREAM ?? false,
    demoUpstreamUrl: e.DEMO_UPSTREAM_URL,
    demoTokenDelayMs: e.DEMO_TOKEN_DELAY_MS,
    upstreamFirstByteTimeoutMs: e.UPSTREAM_FIRST_BYTE_TIMEOUT_MS,
    upstreamIdleTimeoutMs: e.UPSTREAM_IDLE_TIMEOUT_MS,
    chatHeartbeatMs: e.CHAT_HEARTBEAT_MS,
    answerLog: { maxEvents: e.ANSWER_LOG_MAX_EVENTS, ttlSec: e.ANSWER_LOG_TTL_SEC, pollMs: e.ANSWER_LOG_POLL_MS },
    quotaReservationTtlMs: e.QUOTA_RESERVATION_TTL_MS,
    fairUse: { streamsPerUser: e.STREAMS_PER_USER, streamStartsPerMinute: e.STREAM_STARTS_PER_MINUTE, tasksPerUser: e.TASKS_PER_USER },
    openaiApi: { keyRequestsPerMinute: e.OPENAI_API_KEY_RPM },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    tasks: {
      workers: e.TASK_WORKERS,
      concurrency: e.TASK_CONCURRENCY,
      leaseMs: e.TASK_LEASE_MS,
      timeoutMs: e.TASK_TIMEOUT_MS,
      maxAttempts: e.TASK_MAX_ATTEMPTS,
      sweepMs: e.TASK_SWEEP_MS,
      pollMaxMs: e.TASK_POLL_MAX_MS,
    },
    catalogDir: e.CATALOG_DIR ? resolve(e.CATALOG_DIR) : undefined,
    promosFile: e.PROMOS_FILE ? resolve(e.PROMOS_FILE) : undefined,
    catalogPollMs: e.CATALOG_POLL_MS,
    webServiceWorker: e.WEB_SERVICE_WORKER,
    ssrfAllow: e.SSRF_ALLOW.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sharedModelReportHide: e.SHARED_MODEL_REPORT_HIDE,
    http: { requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS, headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS) },
    uploads: {
      parse: { slots: e.UPLOAD_PARSE_THREADS, perOwner: e.UPLOAD_PARSE_PER_USER, maxWaiting: e.UPLOAD_PARSE_QUEUE },
      retentionDays: e.UPLOAD_RETENTION_DAYS,
      sweepEveryMs: e.UPLOAD_SWEEP_INTERVAL_MS,
    },
    sharedModelReportMinAccountDays: e.SHARED_MODEL_REPORT_MIN_ACCOUNT_DAYS,
    slides: { paceMs: e.SLIDES_PACE_MS },
    files: {
      dir: resolve(e.DATA_DIR, 'files'),
      s3: e.FILES_S3_BUCKET
        ? {
            endpoint: e.FILES_S3_ENDPOINT,
            bucket: e.FILES_S3_BUCKET,
            region: e.FILES_S3_REGION,
            accessKeyId: e.FILES_S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY || undefined,
            forcePathStyle: e.FILES_S3_FORCE_PATH_STYLE,
          }
        : undefined,
      signedUrls: e.FILES_SIGNED_URLS,
    },
    providers: { keySecret: e.PROVIDER_KEY_SECRET, maxFree: e.CUSTOM_MODEL_MAX_FREE, maxMember: e.CUSTOM_MODEL_MAX_MEMBER },
    mcp: {
      serversJson: e.MCP_SERVERS_JSON || undefined,
      connectTimeoutMs: e.MCP_CONNECT_TIMEOUT_MS,
      toolTimeoutMs: e.MCP_TOOL_TIMEOUT_MS,
      resultMaxChars: e.MCP_RESULT_MAX_CHARS,
    },
    images: {
      siliconflow: { apiKey: e.SILICONFLOW_API_KEY || undefined, baseUrl: e.SILICONFLOW_BASE_URL },
      comfyui: { apiKey: e.COMFYUI_API_KEY || undefined, baseUrl: e.COMFYUI_BASE_URL },
      timeoutMs: e.IMAGE_TIMEOUT_MS,
    },
    docTranslate: {
      layout: { baseUrl: e.DOC_TRANSLATE_LAYOUT_URL, apiKey: e.DOC_TRANSLATE_LAYOUT_API_KEY || undefined, service: e.DOC_TRANSLATE_LAYOUT_SERVICE || undefined },
    },
    docEmbeddings: docEmbeddingsFromEnv(e, vendors),
    stt: {
      provider: e.STT_PROVIDER,
      baseUrl: e.STT_BASE_URL,
      apiKey: e.STT_API_KEY || undefined,
      model: e.STT_MODEL,
      language: e.STT_LANGUAGE || undefined,
      timeoutMs: e.STT_TIMEOUT_MS,
    },
    music: {
      minimax: { apiKey: e.MINIMAX_MUSIC_API_KEY || undefined, baseUrl: e.MINIMAX_MUSIC_BASE_URL, model: e.MINIMAX_MUSIC_MODEL },
      suno: { relayUrl: e.SUNO_RELAY_URL, apiKey: e.SUNO_RELAY_KEY || undefined, model: e.SUNO_MODEL },
      separation: { url: e.SEPARATION_URL, apiKey: e.SEPARATION_KEY || undefined },
      acoustidKey: e.ACOUSTID_KEY || undefined,
      timeoutMs: e.MUSIC_TIMEOUT_MS,
    },
    video: { kling: { accessKey: e.KLING_ACCESS_KEY || undefined, secretKey: e.KLING_SECRET_KEY || undefined, baseUrl: e.KLING_BASE_URL }, timeoutMs: e.VIDEO_TIMEOUT_MS },
    tts: {
      provider: e.TTS_PROVIDER,
      baseUrl: e.TTS_BASE_URL,
      apiKey: e.TTS_API_KEY || undefined,
      model: e.TTS_MODEL || undefined,
      groupId: e.TTS_GROUP_ID || undefined,
      voicesJson: e.TTS_VOICES || undefined,
      timeoutMs: e.TTS_TIMEOUT_MS,
    },
    wechat: {
      login: e.WECHAT_LOGIN ?? (e.NODE_ENV === 'production' ? 'off' : 'dev'),
      appId: e.WECHAT_APP_ID ?? '',
      appSecret: e.WECHAT_APP_SECRET ?? '',
      token: e.WECHAT_TOKEN ?? '',
      encodingAesKey: e.WECHAT_ENCODING_AES_KEY ?? '',
      apiBase: e.WECHAT_API_BASE,
    },
    // A mini-program has its own appid; an operator without one configured uses the account's pair.
    wechatMini: e.WECHAT_MINI_APP_ID
      ? { appId: e.WECHAT_MINI_APP_ID, appSecret: e.WECHAT_MINI_APP_SECRET ?? '' }
      : { appId: e.WECHAT_APP_ID ?? '', appSecret: e.WECHAT_APP_SECRET ?? '' },
    webSearch: {
      provider: e.WEB_SEARCH_PROVIDER,
      searxngUrl: e.SEARXNG_URL,
      timeoutMs: e.WEB_SEARCH_TIMEOUT_MS,
      maxResults: e.WEB_SEARCH_MAX_RESULTS,
    },
    hotLists: { zhihuUrl: e.HOT_ZHIHU_BASE_URL, baiduUrl: e.HOT_BAIDU_BASE_URL, weiboUrl: e.HOT_WEIBO_BASE_URL },
    scholar: { openalexUrl: e.OPENALEX_BASE_URL, arxivUrl: e.ARXIV_BASE_URL, timeoutMs: e.SCHOLAR_TIMEOUT_MS },
    aigc: { detectorUrl: e.AIGC_DETECTOR_URL, detectorTimeoutMs: e.AIGC_DETECTOR_TIMEOUT_MS },
    webdisk: {
      baseUrl: e.WEBDISK_BASE_URL,
      timeoutMs: e.WEBDISK_TIMEOUT_MS,
      forbiddenWordsUrl: e.FORBIDDEN_WORDS_URL,
      forbiddenWordsRefreshMs: e.FORBIDDEN_WORDS_REFRESH_MS,
    },
    pay: paySettingsFromEnv(e),
  };
}

/** The embeddings endpoint: an explicit base URL, else the named chat vendor's (its key too). */
function docEmbeddingsFromEnv(e: Env, vendors: Record<string, VendorCredential>): Config['docEmbeddings'] {
  const vendor = e.DOC_EMBEDDINGS_VENDOR ? vendors[e.DOC_EMBEDDINGS_VENDOR.toLowerCase()] : undefined;
  const baseUrl = e.DOC_EMBEDDINGS_BASE_URL ?? vendor?.baseUrl;
  return { model: e.DOC_EMBEDDINGS_MODEL, vendor: e.DOC_EMBEDDINGS_VENDOR?.toLowerCase(), baseUrl, apiKey: e.DOC_EMBEDDINGS_API_KEY || vendor?.apiKey };
}

/** Config for tests: defaults plus overrides, never reading the real environment. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SMS_FIXED_CODE: '123456',
    DATA_DIR: '/tmp/wanxiang-test',
    WEB_DIST: '',
    // No public MCP servers from tests; MCP tests point this at the fake server.
    MCP_SERVERS_JSON: '[]',
    ...overrides,
  });
}
