// What the deployment files must agree with, read from the app itself: the environment variables the
// server reads, the largest upload it accepts, the Node release the lockfile pins, the commands of
// `npm run serve` and `npm run worker`. Importing the contract needs the tsx loader
// (`node --import tsx`, as `npm run check:deploy` runs it; vitest compiles TypeScript by itself).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from '@wanxiang/contract';

/**
 * The settings server/src/config.ts parses (the keys of its EnvSchema object), plus the few variables
 * other server code reads straight from process.env (converter binaries such as SOFFICE_BIN).
 */
export function serverSettingNames(root) {
  const config = readFileSync(join(root, 'server/src/config.ts'), 'utf8');
  const start = config.indexOf('const EnvSchema = z');
  const end = config.indexOf('.superRefine(', start);
  if (start < 0 || end < 0)
    throw new Error('server/src/config.ts: the EnvSchema object was not found (the deployment checker reads its keys)');
  const names = new Set([...config.slice(start, end).matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
  for (const file of sourceFiles(join(root, 'server/src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)|process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g))
      names.add(m[1] ?? m[2]);
  }
  return names;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield path;
  }
}

/**
 * The largest upload any route accepts, in bytes: the contract's *_MAX_BYTES constants and the
 * byte limits inside its limit tables (MEDIA_LIMITS.videoMaxBytes...). The proxy must let it through.
 */
export function largestUpload() {
  let max = { name: '', bytes: 0 };
  const consider = (name, bytes) => {
    if (typeof bytes === 'number' && bytes > max.bytes) max = { name, bytes };
  };
  for (const [name, value] of Object.entries(contract)) {
    if (/MAX_BYTES$/.test(name)) consider(name, value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) if (/bytes$/i.test(key)) consider(`${name}.${key}`, inner);
    }
  }
  return max;
}

/** The version of npm's `node` package in the lockfile: the Node release the project runs on. */
export function lockedNodeVersion(root) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  return lock.packages?.['node_modules/node']?.version ?? null;
}

/** `npm run serve` and `npm run worker` as argument lists (`node --import tsx server/src/main.ts`). */
export function roleCommands(root) {
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {};
  const words = (s) => (s ? s.trim().split(/\s+/) : null);
  return { serve: words(scripts.serve), worker: words(scripts.worker) };
}
