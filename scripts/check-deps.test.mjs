import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDeps, packageOf, specifiers } from './check-deps.mjs';

describe('check-deps', () => {
  it('reads imports from code, not from comments or prose; type-only imports apart', () => {
    const { runtime, typeOnly } = specifiers(`
      // import nothing from 'commented-out'
      /* import x from 'block-commented' */
      import a, { b } from '@scope/pkg/sub/path';
      import {
        c,
      } from 'multi-line';
      import type { Element } from 'hast';
      export { d } from './local';
      import 'side-effect/auto';
      const e = await import('lazy-lib');
      const s = 'a sentence that says from "prose" is not an import';
      @import 'katex/dist/katex.min.css';
    `);
    expect([...runtime].sort()).toEqual(['./local', '@scope/pkg/sub/path', 'katex/dist/katex.min.css', 'lazy-lib', 'multi-line', 'side-effect/auto']);
    expect([...typeOnly]).toEqual(['hast']);
    expect(specifiers('"serve": "node --import tsx server/src/main.ts"').runtime).toEqual(new Set(['tsx']));
  });

  it('maps specifiers to package names', () => {
    expect(packageOf('@scope/pkg/sub/path')).toBe('@scope/pkg');
    expect(packageOf('katex/dist/katex.min.css')).toBe('katex');
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('fs')).toBeNull();
    expect(packageOf('./local')).toBeNull();
    expect(packageOf('https://example.com/x.js')).toBeNull();
  });

  describe('on a repository', () => {
    const root = mkdtempSync(join(tmpdir(), 'wx-deps-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path, text) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), typeof text === 'string' ? text : JSON.stringify(text));
    };

    it('finds unused, undeclared and dev-only-at-run-time packages', () => {
      write('package.json', { name: 'r', workspaces: ['server'], scripts: { lint: 'eslint .' }, devDependencies: { eslint: '1', 'left-pad': '1' } });
      write('node_modules/eslint/package.json', { name: 'eslint', bin: { eslint: 'bin/eslint.js' } });
      write('server/package.json', {
        name: '@wanxiang/server',
        dependencies: { fastify: '1', 'never-imported': '1' },
        devDependencies: { '@types/pg': '1', pg: '1', vitest: '1' },
      });
      write('server/src/main.ts', "import Fastify from 'fastify';\nimport pg from 'pg';\nimport { x } from 'transitive-only';\n");
      write('server/src/main.test.ts', "import { it } from 'vitest';\n");
      expect(checkDeps(root)).toEqual({
        unused: ['package.json: left-pad', 'server/package.json: never-imported'],
        undeclared: ['server: transitive-only (server/src/main.ts)'],
        devOnlyAtRuntime: ['server: pg (server/src/main.ts)', 'server: transitive-only (server/src/main.ts)'],
      });
    });
  });
});
