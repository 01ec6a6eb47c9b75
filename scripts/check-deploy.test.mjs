import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkDeploy } from './check-deploy.mjs';
import { interpolate, parseEnvFile } from './deploy-lint/env-files.mjs';
import { parseNginx, sizeBytes, timeSeconds } from './deploy-lint/nginx.mjs';
import { durationSeconds } from './deploy-lint/compose.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const real = (rel) => readFileSync(join(root, rel), 'utf8');
const compose = real('compose.yaml');
const dockerfile = real('Dockerfile');
const nginx = real('deploy/nginx.conf');

/** Replace `from` (which must be there) in a file's text: a test that edits nothing proves nothing. */
function edit(text, from, to) {
  expect(text).toContain(from);
  return text.replace(from, to);
}

/** The problems of the repository's deployment files with one file replaced. */
const problemsWith = (rel, text) => checkDeploy(root, { [rel]: text });

describe('check-deploy', () => {
  it("passes the repository's own compose.yaml, Dockerfile and nginx.conf", async () => {
    expect(await checkDeploy(root)).toEqual([]);
  });

  describe('compose.yaml', () => {
    it('fills the blanks the operator fills in, but refuses an example value the server would refuse', async () => {
      const broken = edit(real('deploy/app.env.example'), 'ADMIN_PHONES=\n', 'ADMIN_PHONES=12345\n');
      expect(await problemsWith('deploy/app.env.example', broken)).toEqual([
        'compose.yaml: services.app would not start: server/src/config.ts refuses its settings (ADMIN_PHONES: "12345" is not a mainland mobile number)',
        'compose.yaml: services.worker would not start: server/src/config.ts refuses its settings (ADMIN_PHONES: "12345" is not a mainland mobile number)',
      ]);
    });

    it('refuses a key the compose specification does not know, naming it', async () => {
      const broken = edit(compose, '    shm_size: 256mb', '    shm_sise: 256mb');
      expect(await problemsWith('compose.yaml', broken)).toEqual([
        'compose.yaml: services.postgres has a key the compose specification does not know: shm_sise (compose-spec schema)',
      ]);
    });

    it('refuses a value of the wrong type by its path', async () => {
      const broken = edit(
        compose,
        '      retries: 5\n    restart: unless-stopped\n\n  # Shared',
        '      retries: [5]\n    restart: unless-stopped\n\n  # Shared',
      );
      const problems = await problemsWith('compose.yaml', broken);
      expect(problems.some((p) => p.startsWith('compose.yaml: services.postgres.healthcheck.retries must be'))).toBe(true);
    });

    it('says where the YAML breaks', async () => {
      const problems = await problemsWith('compose.yaml', edit(compose, 'services:\n', 'services:\n  app: [\n'));
      expect(problems[0]).toMatch(/^compose\.yaml:\d+: .+ \(YAML\)$/);
    });

    it('refuses an app variable the server does not read (a misspelt setting)', async () => {
      const broken = edit(compose, "TASK_WORKERS: 'off'", "TASK_WORKER: 'off'");
      expect(await problemsWith('compose.yaml', broken)).toContain(
        'compose.yaml: services.app.environment.TASK_WORKER is not a setting of server/src/config.ts (a misspelt name is silently ignored)',
      );
    });

    it("runs the server's own config schema over what an app container gets", async () => {
      const broken = edit(compose, "TASK_WORKERS: 'off'", "TASK_WORKERS: 'sometimes'");
      const problems = await problemsWith('compose.yaml', broken);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^compose\.yaml: services\.app would not start: server\/src\/config\.ts refuses its settings \(TASK_WORKERS: /,
      );
    });

    it('refuses floating and missing image tags', async () => {
      const latest = await problemsWith('compose.yaml', edit(compose, 'redis:7.4.2-alpine', 'redis:latest'));
      expect(latest).toContain('compose.yaml: services.redis.image uses the floating tag "latest": redis:latest (name a version)');
      const untagged = await problemsWith('compose.yaml', edit(compose, 'nginx:1.28.0-alpine', 'nginx'));
      expect(untagged).toContain('compose.yaml: services.nginx.image has no tag: nginx (name a version)');
    });

    it('refuses a long-running service without a health check, but not a one-shot job', async () => {
      const broken = edit(
        compose,
        `    healthcheck:
      test: ['CMD', 'mc', 'ready', 'local']
      interval: 10s
      timeout: 5s
      retries: 5
`,
        '',
      );
      const problems = await problemsWith('compose.yaml', broken);
      expect(problems).toEqual([expect.stringContaining('compose.yaml: services.minio has no healthcheck')]);
      expect(problems.join('\n')).not.toContain('minio-init');
    });

    it('refuses a ${VAR} that .env.example does not mention or set', async () => {
      const broken = edit(compose, 'FILES_S3_REGION: us-east-1', 'FILES_S3_REGION: ${FILES_REGION:?set it}');
      const problems = await problemsWith('compose.yaml', broken);
      expect(problems).toContain(
        'compose.yaml uses ${FILES_REGION} but .env.example does not mention it (set it there, or show it commented out with its default)',
      );
      expect(problems).toContain('compose.yaml: FILES_REGION: set it (.env.example must set it, even if empty for the operator to fill)');
    });

    it('refuses app and worker containers that do not share the database', async () => {
      const broken = edit(
        compose,
        "    command: ['node', '--import', 'tsx', 'server/src/worker.ts']",
        "    command: ['node', '--import', 'tsx', 'server/src/worker.ts']\n    environment:\n      DATABASE_URL: postgres://other@db/x",
      );
      const problems = await problemsWith('compose.yaml', broken);
      expect(problems).toContain('compose.yaml: the app services have different DATABASE_URL values: every process must use the same one');
      expect(problems.some((p) => p.startsWith('compose.yaml: REDIS_URL is not set on every app service (worker)'))).toBe(true);
    });

    it("refuses a worker command that is not npm run worker's", async () => {
      const broken = edit(compose, "server/src/worker.ts']", "server/src/worker.js']");
      expect(await problemsWith('compose.yaml', broken)).toEqual([
        expect.stringMatching(/^compose\.yaml: services\.worker\.command is .*npm run worker's/),
      ]);
    });

    it('refuses a stop grace shorter than the shutdown grace, and app servers not trusting the proxy', async () => {
      const short = await problemsWith('compose.yaml', edit(compose, 'stop_grace_period: 45s', 'stop_grace_period: 5s'));
      expect(short).toContain(
        'compose.yaml: services.app.stop_grace_period is 5s: under 30s Docker kills running answers and tasks before SHUTDOWN_GRACE_MS (25 s) is over',
      );
      const untrusted = await problemsWith('compose.yaml', edit(compose, "      TRUST_PROXY: '1'\n", ''));
      expect(untrusted).toEqual([expect.stringContaining('services.app sits behind nginx but TRUST_PROXY is not 1')]);
    });

    it('refuses a port published on every interface without saying so', async () => {
      const broken = edit(compose, "'${HTTP_BIND:-0.0.0.0}:${HTTP_PORT:-80}:80'", "'80:80'");
      expect(await problemsWith('compose.yaml', broken)).toEqual([
        'compose.yaml: services.nginx.ports publishes 80:80 without naming the host interface (e.g. 127.0.0.1:8080:80)',
      ]);
    });

    it('refuses a secret written into an example env file, and names the app does not read there', async () => {
      const env = await problemsWith('.env.example', edit(real('.env.example'), 'REDIS_PASSWORD=\n', 'REDIS_PASSWORD=s3cret-value\n'));
      expect(env).toEqual([expect.stringMatching(/^\.env\.example:\d+: REDIS_PASSWORD has a value; an example leaves secrets empty/)]);
      const app = await problemsWith('deploy/app.env.example', `${real('deploy/app.env.example')}# SMS_PROVDER=tencent\n`);
      expect(app).toEqual([
        expect.stringMatching(/^deploy\/app\.env\.example:\d+: SMS_PROVDER is not a setting of server\/src\/config\.ts$/),
      ]);
    });
  });

  describe('Dockerfile', () => {
    it('refuses running as root', async () => {
      expect(await problemsWith('Dockerfile', edit(dockerfile, 'USER wanxiang', 'USER root'))).toEqual([
        'Dockerfile: the final stage runs as root: add a USER that is not root',
      ]);
      expect(await problemsWith('Dockerfile', edit(dockerfile, 'USER wanxiang\n', ''))).toEqual([
        'Dockerfile: the final stage runs as root (no USER): add a USER that is not root',
      ]);
    });

    it('refuses floating base images and a Node other than the lockfile pins', async () => {
      const floating = await problemsWith(
        'Dockerfile',
        edit(dockerfile, 'FROM node:24.21.0-bookworm-slim AS base', 'FROM node:latest AS base'),
      );
      expect(floating).toContainEqual(expect.stringMatching(/^Dockerfile:\d+: FROM node:latest floats: pin a version$/));
      const other = await problemsWith(
        'Dockerfile',
        edit(dockerfile, 'FROM node:24.21.0-bookworm-slim AS base', 'FROM node:22.12.0-bookworm-slim AS base'),
      );
      expect(other).toEqual([expect.stringContaining("is not the Node the lockfile pins (npm's node package 24.21.0)")]);
    });

    it('refuses ADD from a URL, a missing health check, and what dockerfile-utils finds', async () => {
      const add = await problemsWith(
        'Dockerfile',
        edit(
          dockerfile,
          'COPY deploy/healthcheck.mjs deploy/',
          'ADD https://example.com/tool.tgz /opt/\nCOPY deploy/healthcheck.mjs deploy/',
        ),
      );
      expect(add).toEqual([expect.stringMatching(/^Dockerfile:\d+: ADD https:\/\/example\.com\/tool\.tgz: no downloads in the build/)]);
      const noCheck = await problemsWith('Dockerfile', dockerfile.replace(/^HEALTHCHECK .*\n/m, ''));
      expect(noCheck).toEqual(['Dockerfile: the final stage has no HEALTHCHECK (the server answers GET /api/health)']);
      const unknown = await problemsWith('Dockerfile', edit(dockerfile, 'EXPOSE 3000', 'EXPOSE 3000\nEXPOSES 3001'));
      expect(unknown).toEqual([expect.stringMatching(/^Dockerfile:\d+: Unknown instruction: EXPOSES \(dockerfile-utils\)$/)]);
    });

    it("refuses a command other than npm run serve's and a missing tool package", async () => {
      const shell = await problemsWith(
        'Dockerfile',
        edit(dockerfile, 'CMD ["node", "--import", "tsx", "server/src/main.ts"]', 'CMD npm run serve'),
      );
      expect(shell).toEqual(['Dockerfile: the final stage needs a CMD in exec form (JSON), so signals reach node']);
      const noPoppler = await problemsWith('Dockerfile', edit(dockerfile, '      poppler-utils \\\n', ''));
      expect(noPoppler).toEqual([
        'Dockerfile: the final stage does not apt-get install poppler-utils (pdftoppm/pdftotext/pdfinfo for the PDF tools)',
      ]);
    });

    it('refuses a build context that would carry node_modules or secrets', async () => {
      expect(await problemsWith('.dockerignore', '.git\ndata\n')).toEqual([
        '.dockerignore does not leave out **/node_modules',
        '.dockerignore does not leave out .env',
        '.dockerignore does not leave out deploy/app.env',
      ]);
    });
  });

  describe('deploy/nginx.conf', () => {
    it('refuses buffered or compressed event streams and short read timeouts', async () => {
      expect(await problemsWith('deploy/nginx.conf', edit(nginx, 'proxy_buffering off;', 'proxy_buffering on;'))).toEqual([
        expect.stringContaining('proxy_buffering must be off'),
      ]);
      const gzip = edit(
        edit(nginx, '            gzip off;\n', ''),
        '    gzip off;',
        '    gzip on;\n    gzip_types application/json text/event-stream;',
      );
      expect(await problemsWith('deploy/nginx.conf', gzip)).toEqual([expect.stringContaining('gzip covers text/event-stream')]);
      expect(await problemsWith('deploy/nginx.conf', edit(nginx, 'proxy_read_timeout 3600s;', 'proxy_read_timeout 30s;'))).toEqual([
        expect.stringContaining('proxy_read_timeout is 30s; at least 120s'),
      ]);
    });

    it('refuses a body limit under the largest upload and a forgeable client address', async () => {
      expect(await problemsWith('deploy/nginx.conf', edit(nginx, 'client_max_body_size 110m;', 'client_max_body_size 20m;'))).toEqual([
        expect.stringContaining('client_max_body_size 20m is under the largest upload the app accepts (FILE_UPLOAD_MAX_BYTES, 100 MB)'),
      ]);
      expect(
        await problemsWith('deploy/nginx.conf', edit(nginx, 'X-Forwarded-For $remote_addr', 'X-Forwarded-For $proxy_add_x_forwarded_for')),
      ).toEqual([expect.stringContaining('which a client can forge')]);
    });

    it('refuses serving the per-process /metrics through the proxy', async () => {
      const open = edit(nginx, '        location = /metrics {\n            return 404;\n        }\n', '');
      expect(await problemsWith('deploy/nginx.conf', open)).toEqual([
        expect.stringContaining('/metrics is passed through to a random process'),
      ]);
    });

    it("follows nginx's proxy_set_header inheritance and catches a missing ';'", async () => {
      // One header of its own in the location drops every header set at the server level.
      const local = await problemsWith(
        'deploy/nginx.conf',
        edit(nginx, 'proxy_cache off;', 'proxy_cache off;\n            proxy_set_header X-Request-Start $msec;'),
      );
      expect(local).toContainEqual(
        expect.stringMatching(
          /^deploy\/nginx\.conf:\d+ \(location \/api\/\): no 'proxy_set_header Host': the app would see the upstream's name$/,
        ),
      );
      expect(await problemsWith('deploy/nginx.conf', edit(nginx, 'proxy_buffering off;', 'proxy_buffering off'))).toEqual([
        expect.stringMatching(/^deploy\/nginx\.conf:\d+: proxy_buffering takes one argument, found 3 \(a missing ';'\?\)$/),
      ]);
    });
  });

  describe('helpers', () => {
    it('interpolates like compose: defaults, required values, $$', () => {
      const env = { SET: 'v', EMPTY: '' };
      const lookup = (n) => env[n];
      expect(interpolate('${SET:-d} ${EMPTY:-d} ${EMPTY-d} ${UNSET-d} $$HOME ${SET:+alt} $SET', lookup).value).toBe('v d  d $HOME alt v');
      expect(interpolate('${EMPTY:?need it}', lookup).errors).toEqual(['EMPTY: need it']);
      expect(interpolate('${EMPTY?need it}', lookup).errors).toEqual([]);
    });

    it('reads example env files: set, commented and quoted keys', () => {
      const parsed = parseEnvFile('A=1\n# B=2\n# prose mentions C here\nD="x y"\n');
      expect([...parsed.active]).toEqual([
        ['A', '1'],
        ['D', 'x y'],
      ]);
      expect([...parsed.mentioned]).toEqual(['A', 'B', 'D']);
    });

    it('reads nginx sizes, times and blocks; compose durations', () => {
      expect(sizeBytes('110m')).toBe(110 * 1024 * 1024);
      expect(sizeBytes('0')).toBe(Infinity);
      expect(timeSeconds('1h30m')).toBe(5400);
      expect(timeSeconds('90')).toBe(90);
      expect(durationSeconds('1m30s')).toBe(90);
      const tree = parseNginx('http { server { location /api/ { proxy_pass "http://a b"; } } }');
      expect(tree.children[0].children[0].children[0].children[0]).toMatchObject({ name: 'proxy_pass', args: ['http://a b'] });
      expect(() => parseNginx('http { gzip off; ')).toThrow("the block 'http' opened on line 1 is never closed");
    });
  });
});
