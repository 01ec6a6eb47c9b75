#!/usr/bin/env node
// The deployment files, checked without a container engine (none runs in CI), by `npm run check:deploy`
// (part of `npm test`):
// - compose.yaml: the compose-spec JSON schema after compose's own ${VAR} interpolation from
//   .env.example, dclint's rules, and ours (scripts/deploy-lint/compose.mjs);
// - Dockerfile and .dockerignore: dockerfile-utils, and ours (scripts/deploy-lint/dockerfile.mjs);
// - deploy/nginx.conf: what event streams, uploads and client addresses need (scripts/deploy-lint/nginx.mjs);
// each against what the app says: server/src/config.ts's settings, the contract's largest upload, the
// lockfile's Node, the serve and worker scripts. Runs under tsx (the contract and config are TypeScript).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { largestUpload, lockedNodeVersion, roleCommands, serverSettingNames } from './deploy-lint/app-facts.mjs';
import { checkCompose } from './deploy-lint/compose.mjs';
import { checkDockerfile } from './deploy-lint/dockerfile.mjs';
import { checkNginx } from './deploy-lint/nginx.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every problem of the deployment files under `root`. `overrides` replaces a file's text by its path
 * relative to the root (the tests break one file at a time); null stands for a missing file.
 */
export async function checkDeploy(root = repoRoot, overrides = {}) {
  const read = (rel) => {
    if (rel in overrides) return overrides[rel];
    const path = join(root, rel);
    return existsSync(path) ? readFileSync(path, 'utf8') : null;
  };
  const missing = ['compose.yaml', '.env.example', 'Dockerfile', 'deploy/nginx.conf'].filter((f) => read(f) === null);
  if (missing.length) return missing.map((f) => `${f} is missing`);

  const { loadConfig } = await import(pathToFileURL(join(root, 'server/src/config.ts')).href);
  const commands = roleCommands(root);
  const upload = largestUpload();
  // One mistake in a shared block shows in every service that merges it: say it once.
  const problems = [
    ...checkCompose({
      composeText: read('compose.yaml'),
      envExampleText: read('.env.example'),
      readExample: read,
      facts: { settings: serverSettingNames(root), commands },
      loadConfig,
    }),
    ...checkDockerfile({
      text: read('Dockerfile'),
      dockerignoreText: read('.dockerignore'),
      nodeVersion: lockedNodeVersion(root),
      serveCommand: commands.serve,
    }),
    ...checkNginx({ text: read('deploy/nginx.conf'), largestUpload: upload }),
  ];
  return [...new Set(problems)];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = await checkDeploy();
  if (problems.length) {
    console.error(`[deploy] ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    '[deploy] compose.yaml (compose-spec schema, dclint, settings, health checks, tags, shared wiring), ' +
      'Dockerfile (dockerfile-utils, pinned Node, non-root, health check, tool packages) and deploy/nginx.conf (SSE, uploads, client addresses) pass',
  );
}
