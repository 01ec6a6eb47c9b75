import DOMPurify from 'dompurify';

/**
 * Operator HTML (global notice, banana promo) is rendered after DOMPurify: formatting tags stay,
 * scripts, event handlers, iframes, inline styles and javascript: links go.
 */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'svg', 'math'];

const purifier = DOMPurify(window);
// Links open in a new tab and cannot reach back into the app (window.opener).
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style'] });
}
