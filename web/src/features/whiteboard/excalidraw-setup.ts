/**
 * Imported by the page, whose chunk runs before the lazily loaded canvas chunk: in a bundle a
 * chunk's static imports (the library, which builds its font URLs as it loads) run before its own
 * code, so this cannot sit beside the library's import. Points the library's
 * font loader at our own copy of its fonts (web/vite-excalidraw-assets.ts), so no font is ever
 * fetched from its CDN fallback, which the app's CSP would block anyway. Outside a Vite build (unit
 * tests) the constant is not defined and the root is used.
 */
declare const __EXCALIDRAW_ASSET_PATH__: string | undefined;

(window as unknown as { EXCALIDRAW_ASSET_PATH?: string }).EXCALIDRAW_ASSET_PATH =
  typeof __EXCALIDRAW_ASSET_PATH__ === 'string' ? __EXCALIDRAW_ASSET_PATH__ : '/';
