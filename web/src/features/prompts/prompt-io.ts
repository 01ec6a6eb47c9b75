import { MSG, parsePromptList, type PromptTemplate } from '@wanxiang/contract';

/** File import and export of the local prompt library (docs/product/prompts-and-personas.md §5). */

export const EXPORT_FILE_NAME = 'ChatGPTPromptTemplate.json';

export type ImportResult = { ok: true; list: PromptTemplate[] } | { ok: false; error: string };

/** Parse an imported file's text: a JSON array whose first item has key+value or act+prompt, else 数据格式错误 🙅. */
export function parseImportText(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, error: MSG.promptImportInvalid };
  }
  const list = parsePromptList(data);
  return list ? { ok: true, list } : { ok: false, error: MSG.promptImportInvalid };
}

/** The export file's text, or 暂无数据！🚗 when there is nothing to export. */
export function exportText(list: PromptTemplate[]): { ok: true; text: string } | { ok: false; error: string } {
  if (list.length === 0) return { ok: false, error: MSG.promptExportEmpty };
  return {
    ok: true,
    text: JSON.stringify(
      list.map(({ key, value }) => ({ key, value })),
      null,
      2,
    ),
  };
}

/** One page of a list: 1-based page, clamped to the last page. */
export function pageOf<T>(list: T[], page: number, size: number): { items: T[]; page: number } {
  const last = Math.max(1, Math.ceil(list.length / size));
  const p = Math.min(Math.max(1, page), last);
  return { items: list.slice((p - 1) * size, p * size), page: p };
}
