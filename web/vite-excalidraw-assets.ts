import { cpSync, createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Excalidraw's fonts (the AI whiteboard, features/whiteboard) served from our own origin: the
 * library fetches them at run time from window.EXCALIDRAW_ASSET_PATH and otherwise from a CDN,
 * which the app's Content-Security-Policy forbids (server/src/http/security-headers.ts). The build
 * copies the package's font folder to /assets/excalidraw-<version>/fonts/ (versioned, so the
 * immutable cache of /assets is right), the dev server answers the same paths from node_modules,
 * and the page reads the folder's URL from __EXCALIDRAW_ASSET_PATH__. The library also lists its
 * CDN as a last fallback for every font (and Chromium requests it even when our copy answered):
 * the build rewrites that fallback to our own folder too, so no request ever leaves the origin.
 */
const require = createRequire(import.meta.url);
// The package exports its built entry only (dist/prod/index.js); the fonts sit beside it.
const distDir = dirname(require.resolve('@excalidraw/excalidraw'));
const fontsDir = join(distDir, 'fonts');
const version = (JSON.parse(readFileSync(join(distDir, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

/** Where the page points Excalidraw: fonts load from `${EXCALIDRAW_ASSET_DIR}fonts/...`. */
export const EXCALIDRAW_ASSET_DIR = `/assets/excalidraw-${version}/`;

const CDN_START = '`https://esm.sh/';
const CDN_END = '/dist/prod/`';

/** The library's CDN fallback base (a template literal in its bundle) replaced by our folder on this origin. */
export function withoutCdnFallback(code: string): string | null {
  const start = code.indexOf(CDN_START);
  if (start < 0) return null;
  const end = code.indexOf(CDN_END, start);
  if (end < 0) return null;
  return `${code.slice(0, start)}(window.location.origin+${JSON.stringify(EXCALIDRAW_ASSET_DIR)})${code.slice(end + CDN_END.length)}`;
}

const MIME: Record<string, string> = { '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf' };

export function excalidrawAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wanxiang-excalidraw-assets',
    config: () => ({ define: { __EXCALIDRAW_ASSET_PATH__: JSON.stringify(EXCALIDRAW_ASSET_DIR) } }),
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const prefix = `${EXCALIDRAW_ASSET_DIR}fonts/`;
      server.middlewares.use((req, res, next) => {
        const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
        if (!path.startsWith(prefix)) return next();
        const file = resolve(fontsDir, path.slice(prefix.length));
        if (!file.startsWith(fontsDir + sep) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('content-type', MIME[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    transform(code, id) {
      if (!id.includes('@excalidraw') || !id.includes('dist')) return null;
      const out = withoutCdnFallback(code);
      return out === null ? null : { code: out, map: null };
    },
    writeBundle() {
      cpSync(fontsDir, join(outDir, EXCALIDRAW_ASSET_DIR, 'fonts'), { recursive: true });
    },
  };
}
