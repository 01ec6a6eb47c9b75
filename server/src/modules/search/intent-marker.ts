/** Heads the intent-detection prompt; the demo upstream recognises it (kept import-free for that reason). */
export const INTENT_MARKER = '【搜索意图识别】';
