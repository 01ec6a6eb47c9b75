// Checks of compose.yaml (scripts/check-deploy.mjs): the official compose-spec JSON schema (the copy
// dclint ships and keeps current), dclint's own rules, and ours: every variable an app container gets is
// a setting the server reads, every long-running service has a health check, no floating image tags,
// every ${VAR} is documented in .env.example, both process roles share one database, Redis and bucket.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import { DCLinter } from 'dclint';
import { parseDocument } from 'yaml';
import { exampleSecretProblems, interpolateTree, parseEnvFile } from './env-files.mjs';

const require = createRequire(import.meta.url);
const SCHEMA_PATH = join(dirname(require.resolve('dclint/package.json')), 'schemas/compose.schema.json');

/** dclint's rules, minus the ones that only fight our layout; why for each one off. */
const DCLINT_RULES = {
  // Services are in the order of the request path (proxy, app, worker, stores), which the comments follow.
  'services-alphabetical-order': 0,
  // Keys read better grouped by service (the shared x-app merge first); YAML merges do not depend on order.
  'service-keys-order': 0,
  // It cannot read a host interface given as ${HTTP_BIND:-0.0.0.0}; our rule checks the interpolated value.
  'no-unbound-port-interfaces': 0,
};

/** Tags that float: an image named by one changes under a running deployment. */
const FLOATING_TAGS = new Set(['latest', 'stable', 'edge', 'nightly', 'dev', 'beta', 'canary', 'lts', 'mainline']);

/** What the server processes of one deployment must share (docs/deploy.md#several-processes). */
const SHARED_WIRING = ['DATABASE_URL', 'REDIS_URL', 'FILES_S3_ENDPOINT', 'FILES_S3_BUCKET'];

/** The least stop grace for app containers: the server's SHUTDOWN_GRACE_MS (25 s) plus closing. */
const MIN_STOP_GRACE_S = 30;

let validateSchema;
function schemaValidator() {
  if (!validateSchema) {
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    // The schema names draft-07 by an https URI Ajv does not know; draft-07 is Ajv's own dialect.
    const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8'));
    delete schema.$schema;
    validateSchema = ajv.compile(schema);
  }
  return validateSchema;
}

/** '/services/app/ports/0' -> 'services.app.ports[0]'. */
function dotted(pointer) {
  return (
    pointer
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '') || '(top level)'
  );
}

/**
 * The schema's complaints, most specific first: an unknown key by name; for a value matching none of
 * a oneOf's branches, the deepest errors only (not every branch's).
 */
export function schemaProblems(doc) {
  const validate = schemaValidator();
  if (validate(doc)) return [];
  const errors = validate.errors ?? [];
  const deepest = Math.max(...errors.map((e) => e.instancePath.split('/').length));
  const seen = new Set();
  const out = [];
  for (const e of errors) {
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') continue;
    // Branch errors at a shallower path than the deepest are the other branches' complaints.
    if (e.keyword !== 'additionalProperties' && e.instancePath.split('/').length < deepest) continue;
    const msg =
      e.keyword === 'additionalProperties'
        ? `${dotted(e.instancePath)} has a key the compose specification does not know: ${e.params.additionalProperty}`
        : `${dotted(e.instancePath)} ${e.message}${e.params?.allowedValues ? ` (${e.params.allowedValues.join(', ')})` : ''}`;
    if (seen.has(msg)) continue;
    seen.add(msg);
    out.push(`compose.yaml: ${msg} (compose-spec schema)`);
  }
  return out.length ? out.slice(0, 8) : [`compose.yaml: does not match the compose-spec schema`];
}

/** dclint on the file as written (it reads line numbers from the source). */
function dclintProblems(composeText) {
  const dir = mkdtempSync(join(tmpdir(), 'wx-dclint-'));
  try {
    const file = join(dir, 'compose.yaml');
    writeFileSync(file, composeText);
    const linter = new DCLinter({ rules: DCLINT_RULES, quiet: false, debug: false, exclude: [] });
    return linter
      .lintFiles([file], false)
      .flatMap((r) => r.messages)
      .filter((m) => m.rule !== 'invalid-yaml' && m.rule !== 'invalid-schema')
      .map((m) => `compose.yaml:${m.line}: ${m.message} (dclint ${m.rule})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A service's environment as a map, from either of compose's two forms. */
function envOf(service) {
  const env = service.environment;
  if (!env) return new Map();
  if (Array.isArray(env))
    return new Map(
      env.map((e) => [String(e).split('=')[0], String(e).includes('=') ? String(e).slice(String(e).indexOf('=') + 1) : undefined]),
    );
  return new Map(Object.entries(env).map(([k, v]) => [k, v === null ? undefined : String(v)]));
}

const listOf = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const envFilePaths = (service) => listOf(service.env_file).map((f) => (typeof f === 'string' ? f : f.path));
const truthy = (v) => ['1', 'true', 'yes'].includes(String(v ?? '').toLowerCase());

/** '45s', '1m30s', '2m' -> seconds (compose durations). */
export function durationSeconds(text) {
  const units = { h: 3600, m: 60, s: 1, ms: 0.001, us: 1e-6 };
  let total = 0;
  let rest = String(text).trim();
  while (rest) {
    const m = /^(\d+(?:\.\d+)?)(ms|us|h|m|s)/.exec(rest);
    if (!m) return NaN;
    total += Number(m[1]) * units[m[2]];
    rest = rest.slice(m[0].length);
  }
  return total;
}

/** 'redis:7.4.2-alpine' -> '7.4.2-alpine'; digest references count as pinned. */
function tagProblem(image) {
  if (!image) return null;
  if (image.includes('@sha256:')) return null;
  const last = image.split('/').pop();
  const tag = last.includes(':') ? last.slice(last.indexOf(':') + 1) : '';
  if (!tag) return `has no tag: ${image} (name a version)`;
  if (FLOATING_TAGS.has(tag.toLowerCase())) return `uses the floating tag "${tag}": ${image} (name a version)`;
  return null;
}

/**
 * All checks of compose.yaml. `files` holds the texts (compose.yaml, .env.example and each env_file's
 * `.example`), `facts` what the app says (app-facts.mjs), `loadConfig` the server's own config parser.
 */
export function checkCompose({ composeText, envExampleText, readExample, facts, loadConfig }) {
  const problems = [];
  const parsed = parseDocument(composeText, { merge: true, prettyErrors: true });
  if (parsed.errors.length) {
    // The first few: later ones mostly follow from the first.
    return parsed.errors
      .slice(0, 3)
      .map(
        (e) => `compose.yaml:${e.linePos?.[0]?.line ?? '?'}: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')} (YAML)`,
      );
  }
  const raw = parsed.toJS({ maxAliasCount: 1000 });

  // Interpolate as compose would for an operator who copied .env.example and filled in its empty values.
  const dotenv = parseEnvFile(envExampleText);
  problems.push(...exampleSecretProblems('.env.example', dotenv));
  const {
    value: doc,
    names: variables,
    errors,
  } = interpolateTree(raw, (name) => {
    if (!dotenv.active.has(name)) return undefined;
    return dotenv.active.get(name) || `filled-${name.toLowerCase()}`;
  });
  for (const name of variables) {
    if (!dotenv.mentioned.has(name))
      problems.push(
        `compose.yaml uses \${${name}} but .env.example does not mention it (set it there, or show it commented out with its default)`,
      );
  }
  for (const error of errors) problems.push(`compose.yaml: ${error} (.env.example must set it, even if empty for the operator to fill)`);

  problems.push(...schemaProblems(doc));
  problems.push(...dclintProblems(composeText));

  const services = doc.services ?? {};
  const serviceNames = Object.keys(services);
  const oneShot = new Set(
    serviceNames.filter(
      (name) =>
        String(services[name].restart ?? 'no') === 'no' &&
        serviceNames.some((other) => services[other].depends_on?.[name]?.condition === 'service_completed_successfully'),
    ),
  );

  // Services running our image: built from this repository, or named like one that is.
  const appImages = new Set(serviceNames.filter((n) => services[n].build).map((n) => services[n].image));
  const appServices = serviceNames.filter((n) => services[n].build || (services[n].image && appImages.has(services[n].image)));
  if (appServices.length === 0) problems.push('compose.yaml: no service builds this repository (build: .)');

  for (const name of serviceNames) {
    const s = services[name];
    const where = `compose.yaml: services.${name}`;
    const tag = tagProblem(s.image);
    if (tag) problems.push(`${where}.image ${tag}`);
    if (!s.image && !s.build) problems.push(`${where} has neither image nor build`);
    const hc = s.healthcheck;
    const noCheck = !hc || hc.disable === true || (Array.isArray(hc.test) && hc.test[0] === 'NONE') || !hc.test;
    if (noCheck && !oneShot.has(name))
      problems.push(
        `${where} has no healthcheck (every long-running service needs one; one-shot jobs are those others wait for with service_completed_successfully)`,
      );
    for (const port of listOf(s.ports)) {
      const published =
        typeof port === 'object' ? (port.published !== undefined ? `${port.host_ip ?? ''}:${port.published}` : null) : String(port);
      if (published && !/^\[?[0-9a-fA-F.:]+\]?:\d+(-\d+)?:\d+/.test(published) && !(typeof port === 'object' && port.host_ip)) {
        problems.push(`${where}.ports publishes ${published} without naming the host interface (e.g. 127.0.0.1:8080:80)`);
      }
    }
  }

  const serverRole = [];
  for (const name of appServices) {
    const s = services[name];
    const where = `compose.yaml: services.${name}`;
    for (const [key] of envOf(s)) {
      if (!facts.settings.has(key))
        problems.push(`${where}.environment.${key} is not a setting of server/src/config.ts (a misspelt name is silently ignored)`);
    }
    for (const path of envFilePaths(s)) {
      const example = readExample(`${path}.example`);
      if (example === null) {
        problems.push(`${where}.env_file ${path} has no ${path}.example beside it listing what to set`);
        continue;
      }
      const parsedExample = parseEnvFile(example);
      problems.push(...exampleSecretProblems(`${path}.example`, parsedExample));
      for (const key of parsedExample.mentioned) {
        if (!facts.settings.has(key))
          problems.push(`${path}.example:${parsedExample.lines.get(key)}: ${key} is not a setting of server/src/config.ts`);
      }
    }
    const command = s.command === undefined ? null : listOf(s.command).map(String);
    const same = (a, b) => a && b && a.length === b.length && a.every((w, i) => w === b[i]);
    if (command === null || same(command, facts.commands.serve)) serverRole.push(name);
    else if (!same(command, facts.commands.worker)) {
      problems.push(
        `${where}.command is ${JSON.stringify(command)}: an app container runs the image's command (npm run serve) or npm run worker's, ${JSON.stringify(facts.commands.worker)}`,
      );
    }
    if (s.container_name) problems.push(`${where} has a container_name: its replicas would clash`);
    if (listOf(s.ports).length)
      problems.push(`${where} publishes ports: app processes are reached through the proxy, and fixed host ports stop replicas`);
    const grace = s.stop_grace_period === undefined ? 10 : durationSeconds(s.stop_grace_period);
    if (!(grace >= MIN_STOP_GRACE_S)) {
      problems.push(
        `${where}.stop_grace_period is ${s.stop_grace_period ?? '10s (the default)'}: under ${MIN_STOP_GRACE_S}s Docker kills running answers and tasks before SHUTDOWN_GRACE_MS (25 s) is over`,
      );
    }
  }

  // Every process must see the same database, Redis and bucket, or tasks and sessions go astray.
  for (const key of SHARED_WIRING) {
    const values = new Set(appServices.map((n) => envOf(services[n]).get(key)));
    if (values.has(undefined))
      problems.push(
        `compose.yaml: ${key} is not set on every app service (${appServices.filter((n) => !envOf(services[n]).has(key)).join(', ')}): several processes need a shared ${key.startsWith('FILES') ? 'bucket' : 'store'}`,
      );
    else if (values.size > 1)
      problems.push(`compose.yaml: the app services have different ${key} values: every process must use the same one`);
  }

  // A proxy in front: the servers must trust its X-Forwarded-For (deploy/nginx.conf overwrites it).
  const proxied = serviceNames.some((n) =>
    listOf(services[n].volumes).some((v) => String(typeof v === 'object' ? v.source : v).includes('nginx.conf')),
  );
  if (proxied && serverRole.length === 0) problems.push('compose.yaml: no app service runs the web server (the image command)');
  for (const name of proxied ? serverRole : []) {
    if (!truthy(envOf(services[name]).get('TRUST_PROXY')))
      problems.push(
        `compose.yaml: services.${name} sits behind nginx but TRUST_PROXY is not 1: rate limits would see nginx's address for every client`,
      );
  }

  // The server's own schema over what one app container gets: the env_file example, then the service's
  // environment (compose lets environment win). An empty value the operator fills in is given a stand-in
  // only where the server refuses it empty (PROVIDER_KEY_SECRET in production); others stay empty.
  for (const name of appServices) {
    const env = {};
    const blanks = new Set();
    for (const path of envFilePaths(services[name])) {
      const example = readExample(`${path}.example`);
      if (example === null) continue;
      for (const [k, v] of parseEnvFile(example).active) {
        env[k] = v;
        if (v === '') blanks.add(k);
      }
    }
    for (const [k, v] of envOf(services[name])) {
      if (v === undefined) continue;
      env[k] = v;
      blanks.delete(k);
    }
    const refusal = configRefusal(loadConfig, env, blanks);
    if (refusal) problems.push(`compose.yaml: services.${name} would not start: server/src/config.ts refuses its settings (${refusal})`);
  }
  return problems;
}

/**
 * What the server's config refuses in `env`, or null. Refusals of a blank the operator is to fill are
 * answered with a stand-in and tried again; what is left is a real problem of the files.
 */
function configRefusal(loadConfig, env, blanks) {
  const tried = { ...env };
  for (let round = 0; round <= blanks.size; round++) {
    try {
      loadConfig(tried);
      return null;
    } catch (err) {
      const reasons = String(err.message)
        .replace(/^Invalid configuration:\s*/, '')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const fill = reasons.map((r) => r.split(':')[0]).filter((k) => blanks.has(k) && tried[k] === '');
      if (fill.length === 0) return reasons.join('; ');
      for (const k of fill) tried[k] = placeholder(k);
    }
  }
  return 'still refused after every blank was filled';
}

/** A stand-in for a value the operator fills in: a URL where the name says so, else a long string. */
function placeholder(key) {
  return /_URL$|_BASE$|_ENDPOINT$/.test(key) ? 'https://filled.example.com' : 'filled-by-the-operator-0123456789';
}
