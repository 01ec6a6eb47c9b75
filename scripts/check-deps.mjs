#!/usr/bin/env node
// Dependency hygiene of every workspace (root, contract, server, web, bench), run by `npm test`:
// - unused: a package declared in a package.json that nothing imports, no script or config runs,
//   and no used package needs (@types/x with x);
// - undeclared: a bare import of a package no package.json declares (it only resolves because
//   something else depends on it, and may vanish with that);
// - dev-only at run time: a package the server's run-time code imports that is only a
//   devDependency (`npm ci --omit=dev`, the production install, would leave it out).
// Plain JavaScript with no dependencies. `--json` prints the findings instead of a report.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.screens', 'results', '.git']);
// The checker's own tests hold made-up imports as fixtures.
const FIXTURES = new Set(['check-deps.test.mjs']);
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/**
 * The package specifiers a file loads: import and export statements (`type` ones apart: erased at
 * build), dynamic imports, require, `--import x` in command lines, CSS @import and vitest's
 * environment names. Comment lines are skipped so prose never counts.
 */
export function specifiers(text) {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((l) => !/^\s*\/\//.test(l))
    .join('\n');
  const runtime = new Set();
  const typeOnly = new Set();
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?[^;'"]*?\bfrom\s*['"]([^'"\n]+)['"]/gm)) (m[2] ? typeOnly : runtime).add(m[3]);
  const patterns = [
    /^\s*import\s*['"]([^'"\n]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
    /\brequire(?:\.resolve)?\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
    /--(?:import|require|loader)[= ]([^\s'"`]+)/g,
    /@import\s+(?:url\()?['"]([^'"\n]+)['"]/g,
    // vitest's `// @vitest-environment jsdom` and environment: 'jsdom' load the package by name.
    /environment:\s*['"]([^'"\n]+)['"]/g,
    /^\s*\/\/\s*@vitest-environment\s+([\w@/.-]+)/gm,
  ];
  for (const re of patterns) for (const m of (re.source.includes('vitest-environment') ? text : code).matchAll(re)) runtime.add(m[1]);
  return { runtime, typeOnly };
}

const VALID_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/;

/** 'a/b/c' -> 'a', '@s/a/b' -> '@s/a'; null for relative paths, URLs and builtins. */
export function packageOf(spec) {
  if (!spec || spec.startsWith('.') || spec.startsWith('/') || spec.includes(':') || builtins.has(spec)) return null;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? (parts.length > 1 ? `${parts[0]}/${parts[1]}` : null) : parts[0];
  return name && VALID_NAME.test(name) ? name : null;
}

function* walk(dir, skipWorkspaces = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIP_DIRS.has(entry.name) || skipWorkspaces.includes(path)) continue;
      yield* walk(path, skipWorkspaces);
    } else if (entry.isFile() && CODE.test(entry.name) && !FIXTURES.has(entry.name)) yield path;
  }
}

const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));

/** The names a package's bin field installs (`tsc` for typescript, `playwright` for @playwright/test...). */
function binsOf(root, name) {
  const p = join(root, 'node_modules', name, 'package.json');
  if (!existsSync(p)) return [];
  const bin = readJson(p).bin;
  if (!bin) return [];
  return typeof bin === 'string' ? [name.split('/').pop()] : Object.keys(bin);
}

/** The findings for the repository at `root` (its package.json names the workspaces). */
export function checkDeps(root = repoRoot) {
  const rootPkg = readJson(join(root, 'package.json'));
  const wsDirs = rootPkg.workspaces.map((w) => join(root, w));
  const workspaces = [{ dir: root, pkg: rootPkg }, ...wsDirs.map((dir) => ({ dir, pkg: readJson(join(dir, 'package.json')) }))];
  const localNames = new Set(workspaces.map((w) => w.pkg.name));
  // Workspaces share one hoisted node_modules: a package any of them declares is installed for all.
  const declaredAnywhere = new Set(workspaces.flatMap((w) => [...Object.keys(w.pkg.dependencies ?? {}), ...Object.keys(w.pkg.devDependencies ?? {})]));

  // Every script of every package.json plus the CI entry: where tools run by their bin name.
  const scriptText = [
    ...workspaces.flatMap((w) => Object.values(w.pkg.scripts ?? {})),
    existsSync(join(root, '.ci/run')) ? readFileSync(join(root, '.ci/run'), 'utf8') : '',
  ].join('\n');
  const scriptWords = new Set(scriptText.split(/[^A-Za-z0-9@/._:-]+/));

  const findings = { unused: [], undeclared: [], devOnlyAtRuntime: [] };
  const usedAnywhere = new Set();
  const perWorkspace = [];
  for (const w of workspaces) {
    const used = new Map();
    const types = new Map();
    for (const file of walk(w.dir, w.dir === root ? wsDirs : [])) {
      const { runtime, typeOnly } = specifiers(readFileSync(file, 'utf8'));
      for (const [specs, into] of [
        [runtime, used],
        [typeOnly, types],
      ]) {
        for (const spec of specs) {
          const name = packageOf(spec);
          if (!name) continue;
          if (!into.has(name)) into.set(name, []);
          into.get(name).push(relative(root, file));
          usedAnywhere.add(name);
        }
      }
    }
    perWorkspace.push({ ...w, used, types });
  }

  for (const w of perWorkspace) {
    const deps = Object.keys(w.pkg.dependencies ?? {});
    const devDeps = Object.keys(w.pkg.devDependencies ?? {});
    for (const name of [...deps, ...devDeps]) {
      const typed = name.startsWith('@types/') ? name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2') : null;
      const isUsed =
        w.used.has(name) ||
        usedAnywhere.has(name) ||
        binsOf(root, name).some((b) => scriptWords.has(b)) ||
        scriptWords.has(name) ||
        // Node's own APIs (process, Buffer, node: imports) are used throughout.
        (typed !== null && (usedAnywhere.has(typed) || typed === 'node'));
      if (!isUsed) findings.unused.push(`${relative(root, join(w.dir, 'package.json')) || 'package.json'}: ${name}`);
    }
    for (const [name, files] of w.used) {
      if (localNames.has(name) || declaredAnywhere.has(name)) continue;
      findings.undeclared.push(`${relative(root, w.dir) || '.'}: ${name} (${files[0]})`);
    }
    if (w.pkg.name === '@wanxiang/server') {
      const runtime = new Set([...deps, ...Object.keys(rootPkg.dependencies ?? {})]);
      for (const [name, files] of w.used) {
        const runtimeFiles = files.filter((f) => f.startsWith('server/src/') && !/\.test\.ts$|\/testing(\.ts$|\/)|\/test\//.test(f));
        if (runtimeFiles.length === 0 || localNames.has(name) || runtime.has(name)) continue;
        findings.devOnlyAtRuntime.push(`server: ${name} (${runtimeFiles[0]})`);
      }
    }
  }
  return findings;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const f = checkDeps();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(f, null, 2));
  } else {
    const lines = [
      ...f.unused.map((x) => `unused: ${x}`),
      ...f.undeclared.map((x) => `undeclared: ${x}`),
      ...f.devOnlyAtRuntime.map((x) => `run-time import of a devDependency: ${x}`),
    ];
    if (lines.length) {
      console.error(`[deps] ${lines.length} problem(s):\n  ${lines.join('\n  ')}`);
      process.exit(1);
    }
    console.log('[deps] every declared package is used, every import is declared, the server runs on its dependencies');
  }
}

