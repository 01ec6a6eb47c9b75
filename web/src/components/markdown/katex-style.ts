/**
 * KaTeX's stylesheet (with its fonts) is only fetched when a reply contains math, so chats
 * without formulas do not pay for it. Vite turns the dynamic CSS import into a lazy chunk.
 */
let loading: Promise<unknown> | null = null;

export function ensureKatexStyle(): void {
  loading ??= import('./katex.css').catch(() => {
    loading = null;
  });
}
