import DOMPurify from 'dompurify';
import type { Transformer } from 'markmap-lib';

export type MindMapTree = ReturnType<Transformer['transform']>['root'];

/**
 * Markdown → markmap tree (2.8). markmap draws each node's content as HTML inside the SVG, so
 * the model's text is sanitized node by node: markup a model (or a pasted text) sends never runs.
 */

/** Some models wrap the outline in a ```markdown fence despite the prompt; the map wants what is inside. */
export function unfence(markdown: string): string {
  const m = /^\s*```(?:markdown|md)?\s*\n([\s\S]*?)(?:\n```\s*)?$/i.exec(markdown);
  return m ? m[1]! : markdown;
}

function sanitizeTree(node: MindMapTree): MindMapTree {
  return {
    ...node,
    content: DOMPurify.sanitize(node.content, { ALLOWED_TAGS: ['a', 'b', 'strong', 'i', 'em', 'code', 'del', 's', 'span', 'br'], ALLOWED_ATTR: ['href', 'title'] }),
    children: (node.children ?? []).map(sanitizeTree),
  };
}

/** The tree markmap draws; `transformer` is markmap-lib's, loaded lazily by the caller. */
export function toMarkmapTree(transformer: Pick<Transformer, 'transform'>, markdown: string): MindMapTree {
  const { root } = transformer.transform(unfence(markdown));
  return sanitizeTree(root);
}

/** Node texts, depth first (tests and accessibility labels). */
export function nodeTexts(node: MindMapTree): string[] {
  // markmap-lib writes non-ASCII characters as entities: read the text the way the page shows it.
  const text = new DOMParser().parseFromString(node.content, 'text/html').body.textContent ?? '';
  return [text, ...(node.children ?? []).flatMap(nodeTexts)];
}

/** markmap-lib and markmap-view are loaded on first use: the chat bundle does not carry them. */
export async function loadMarkmap() {
  const [lib, view] = await Promise.all([import('markmap-lib'), import('markmap-view')]);
  return { transformer: new lib.Transformer(), Markmap: view.Markmap };
}
