#!/usr/bin/env node
/**
 * Imports run one way (ARCHITECTURE.md, docs/development.md "Layers"): a file may import its own layer or a lower one,
 * never a higher one. `npm run check:layers` prints every import that goes up and exits 1 when there is one.
 *
 *   0 contract/                                   the typed border, no server or web code
 *   1 server/src: config.ts, errors.ts, db/, catalog/, infra/, llm/     adapters and foundations
 *   2 server/src: streaming/, jobs/, context.ts, runtime.ts, module.ts   the engines every feature runs on, the app
 *                                                 context they share (adapters + engines) and the module shape
 *   3 server/src: http/                            the platform kit every route uses (envelope errors, auth hook, limits)
 *   4 server/src: modules/, tools/                 the features (routes, services, stores)
 *   5 server/src: app.ts, main.ts, worker.ts       composition: the list of modules, start and shutdown
 *
 * Tests (*.test.ts) follow the same rule, and may also import the test helpers under server/test/ and
 * server/src/**\/testing/ (which nothing else may import). Plain JavaScript, so it runs on any Node.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** [path prefix under the repository root, layer, name]; the longest matching prefix wins. */
export const LAYERS = [
  ['contract/', 0, 'contract'],
  ['server/src/config.ts', 1, 'foundation'],
  ['server/src/errors.ts', 1, 'foundation'],
  ['server/src/db/', 1, 'foundation'],
  ['server/src/catalog/', 1, 'foundation'],
  ['server/src/infra/', 1, 'infra'],
  ['server/src/llm/', 1, 'llm'],
  ['server/src/streaming/', 2, 'streaming'],
  ['server/src/jobs/', 2, 'jobs'],
  ['server/src/context.ts', 2, 'context'],
  ['server/src/runtime.ts', 2, 'context'],
  ['server/src/module.ts', 2, 'context'],
  ['server/src/http/', 3, 'http'],
  ['server/src/modules/', 4, 'modules'],
  ['server/src/tools/', 4, 'tools'],
  ['server/src/app.ts', 5, 'app'],
  ['server/src/main.ts', 5, 'app'],
  ['server/src/worker.ts', 5, 'app'],
];

/**
 * Tests that may import a higher layer because they drive whole features through an engine (unavoidable):
 * [test file, target prefix, why].
 */
export const TEST_EXCEPTIONS = [
  ['server/src/streaming/pay-rule.api.test.ts', 'server/src/modules/', 'checks the one pay rule on every feature that streams, reading counts and points through their services'],
  ['server/src/streaming/fair-use.api.test.ts', 'server/src/modules/quota/', 'checks that a refused start leaves the quota untouched'],
];

/**
 * Imports that go up today in code its owners are still writing (issue 12, the task engine): listed so the check runs
 * green while they turn them around, and so nothing new joins them. [file prefix, target prefix, what to do].
 */
export const PENDING = [
];

const excepted = (list, file, target) => list.find(([f, t]) => file.startsWith(f) && target.startsWith(t));

const TEST_FILE = /\.test\.tsx?$/;
const TEST_HELPER = /^server\/test\/|\/testing\//;
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** The layer of a path relative to the repository root, or null when the path is not layered (web, bench, scripts). */
export function layerOf(path) {
  let best = null;
  // imports name files without their extension and folders without their index
  const bare = path.replace(/\.(ts|tsx|mts|mjs|js)$/, '');
  for (const [prefix, level, name] of LAYERS) {
    const hit = prefix.endsWith('/') ? `${bare}/`.startsWith(prefix) : bare === prefix.replace(/\.ts$/, '');
    if (hit && (!best || prefix.length > best.prefix.length)) best = { prefix, level, name };
  }
  return best;
}

/** Module specifiers a source text imports (static, re-exports, side effects, dynamic), comments skipped. */
export function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const found = new Set();
  for (const re of [/\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g]) {
    for (const m of code.matchAll(re)) found.add(m[1]);
  }
  return [...found];
}

/** The repository-relative path an import points at, or null for a package other than the contract. */
function targetOf(root, fromFile, spec) {
  if (spec === '@wanxiang/contract' || spec.startsWith('@wanxiang/contract/')) return 'contract/src/index.ts';
  if (spec.startsWith('@wanxiang/')) return spec.replace('@wanxiang/', '') + '/';
  if (!spec.startsWith('.')) return null;
  const abs = resolve(dirname(join(root, fromFile)), spec);
  return relative(root, abs).split(sep).join('/');
}

function* walk(root, dir) {
  const full = join(root, dir);
  if (!existsSync(full)) return;
  for (const entry of readdirSync(full)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const rel = `${dir}/${entry}`;
    if (statSync(join(root, rel)).isDirectory()) yield* walk(root, rel);
    else if (SOURCE.test(entry)) yield rel;
  }
}

/** Every import that goes up a layer, as 'file -> target (layer from -> layer to)'. */
export function checkLayers(root, dirs = ['contract/src', 'server/src', 'server/test']) {
  const violations = [];
  for (const dir of dirs) {
    for (const file of walk(root, dir)) {
      const isTest = TEST_FILE.test(file);
      const isHelper = TEST_HELPER.test(file);
      const from = layerOf(file);
      for (const spec of importsOf(readFileSync(join(root, file), 'utf8'))) {
        const target = targetOf(root, file, spec);
        if (target === null) continue;
        if (TEST_HELPER.test(target)) {
          if (!isTest && !isHelper) violations.push(`${file} -> ${target} (test helpers are for tests only)`);
          continue;
        }
        // test helpers sit above every layer: they build whole apps for the tests
        if (isHelper) continue;
        const to = layerOf(target);
        if (from?.name === 'contract' && !to) {
          violations.push(`${file} -> ${target} (contract imports no server or web code)`);
          continue;
        }
        if (!from || !to) continue;
        if (to.level <= from.level) continue;
        if (isTest && excepted(TEST_EXCEPTIONS, file, target)) continue;
        if (excepted(PENDING, file, target)) continue;
        violations.push(`${file} -> ${target} (${from.name} may not import ${to.name})`);
      }
    }
  }
  return violations.sort();
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const violations = checkLayers(root);
  if (violations.length) {
    console.error(`check:layers: ${violations.length} import(s) against the layer order (docs/development.md "Layers"):`);
    for (const v of violations) console.error(`  ${v}`);
    process.exit(1);
  }
  console.log('check:layers: every import runs down the layers');
}
