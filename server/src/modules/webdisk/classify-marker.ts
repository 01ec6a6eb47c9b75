/** Heads the website-classification prompt; the demo upstream recognises it (kept import-free for that reason). */
export const CLASSIFY_MARKER = '【网站分类】';
