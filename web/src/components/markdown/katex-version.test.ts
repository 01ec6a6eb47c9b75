// @vitest-environment node
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * KaTeX's stylesheet must come from the KaTeX that renders the formulas: rehype-katex emits the
 * class names and font metrics of its own copy, and the CSS of another version misplaces or
 * misnames them. katex.css imports `katex/dist/katex.min.css` resolved from this folder.
 */
describe('KaTeX stylesheet and renderer', () => {
  const here = createRequire(import.meta.url);
  const katexDir = (req: NodeJS.Require) => dirname(realpathSync(req.resolve('katex/package.json')));
  const version = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;

  it('the stylesheet katex.css imports is the one of the KaTeX rehype-katex renders with', () => {
    const styleDir = katexDir(here);
    const rendererDir = katexDir(createRequire(here.resolve('rehype-katex')));
    expect(version(styleDir)).toBe(version(rendererDir));
    expect(styleDir).toBe(rendererDir);
    expect(readFileSync(join(styleDir, 'dist', 'katex.min.css'), 'utf8')).toContain('.katex');
    expect(readFileSync(join(dirname(here.resolve('./katex.css')), 'katex.css'), 'utf8')).toContain("@import 'katex/dist/katex.min.css'");
  });
});
