import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLayers, importsOf, layerOf } from './check-layers.mjs';

describe('check-layers', () => {
  it('places paths in their layer, the longest prefix winning', () => {
    expect(layerOf('contract/src/index.ts')).toMatchObject({ level: 0, name: 'contract' });
    expect(layerOf('server/src/errors.ts')).toMatchObject({ level: 1 });
    expect(layerOf('server/src/llm/demo-upstream/markers.ts')).toMatchObject({ name: 'llm' });
    expect(layerOf('server/src/streaming/serve.ts')).toMatchObject({ name: 'streaming', level: 2 });
    expect(layerOf('server/src/http/platform.ts')).toMatchObject({ name: 'http' });
    expect(layerOf('server/src/modules/auth/service.ts')).toMatchObject({ name: 'modules' });
    expect(layerOf('server/src/app.ts')).toMatchObject({ name: 'app' });
    expect(layerOf('web/src/main.tsx')).toBeNull();
  });

  it('reads static, re-exported, side-effect and dynamic imports, not commented ones', () => {
    expect(
      importsOf(`
        // import { x } from '../modules/commented';
        /* import y from '../modules/block'; */
        import { a } from '../errors';
        export { b } from './b';
        import './side';
        const c = await import('../modules/lazy');
        const url = 'https://example.com/x'; import type { T } from '../t';
      `).sort(),
    ).toEqual(['../errors', '../modules/lazy', '../t', './b', './side']);
  });

  describe('on a repository', () => {
    const root = mkdtempSync(join(tmpdir(), 'wx-layers-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path, text) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };

    it('fails on an import that goes up a layer and passes on imports that go down', () => {
      write('contract/src/index.ts', "export const Code = {};\n");
      write('server/src/errors.ts', "import { Code } from '@wanxiang/contract';\n");
      write('server/src/modules/auth/service.ts', "import { AppError } from '../../errors';\nexport const resolve = 1;\n");
      write('server/src/http/platform.ts', "import { AppError } from '../errors';\n");
      write('server/src/streaming/serve.ts', "import { AppError } from '../errors';\n");
      write('server/src/app.ts', "import { resolve } from './modules/auth/service';\nimport { x } from './http/platform';\n");
      expect(checkLayers(root)).toEqual([]);

      // the deliberate violations: the platform asks the auth module, the engine imports the platform,
      // the contract imports the server, and a feature imports a test helper
      write('server/src/http/platform.ts', "import { resolve } from '../modules/auth/service';\n");
      write('server/src/streaming/serve.ts', "import { AppError } from '../http/errors';\n");
      write('contract/src/index.ts', "import { AppError } from '../../server/src/errors';\n");
      write('server/src/modules/auth/routes.ts', "import { postChat } from '../../../test/sse-client';\n");
      expect(checkLayers(root)).toEqual([
        'contract/src/index.ts -> server/src/errors (contract may not import foundation)',
        'server/src/http/platform.ts -> server/src/modules/auth/service (http may not import modules)',
        'server/src/modules/auth/routes.ts -> server/test/sse-client (test helpers are for tests only)',
        'server/src/streaming/serve.ts -> server/src/http/errors (streaming may not import http)',
      ]);
    });

    it('lets tests use the test helpers but holds them to the layers otherwise', () => {
      const fresh = mkdtempSync(join(tmpdir(), 'wx-layers-t-'));
      try {
        mkdirSync(join(fresh, 'server/src/streaming'), { recursive: true });
        writeFileSync(
          join(fresh, 'server/src/streaming/engine.test.ts'),
          "import { postChat } from '../../test/sse-client';\nimport { parse } from '../http/validate';\n",
        );
        expect(checkLayers(fresh)).toEqual(['server/src/streaming/engine.test.ts -> server/src/http/validate (streaming may not import http)']);
      } finally {
        rmSync(fresh, { recursive: true, force: true });
      }
    });
  });

  it('passes on this repository', () => {
    const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
    expect(checkLayers(repo)).toEqual([]);
  });
});
