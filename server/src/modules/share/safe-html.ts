import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';

/**
 * Markdown of a shared answer as HTML that is safe to put in our own page: marked renders it, DOMPurify (the
 * sanitizer the web app uses, here on a jsdom window) keeps only plain formatting. Images, forms, frames, styles and
 * every script path are dropped: a share shows no files, and an answer must never run code on our origin. Links
 * open in a new tab without handing over the page (rel=noopener nofollow).
 */

const marked = new Marked({ gfm: true, breaks: true, async: false });

let purifier: DOMPurify | null = null;

function purify(): DOMPurify {
  if (purifier) return purifier;
  const p = createDOMPurify(new JSDOM('').window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purifier = p;
  return p;
}

const FORBID_TAGS = ['img', 'picture', 'source', 'video', 'audio', 'svg', 'math', 'style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'];

export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return purify().sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style', 'class', 'id'], ADD_ATTR: ['target'] });
}

/** Text for an HTML text node or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
