import { checkZip } from '../modules/uploads/parse/zip-guard';
import { splitDelimited, TABLE_MAX_COLUMNS, TABLE_MAX_ROWS, toTable, type DataTable } from './table-data';

/**
 * An uploaded data file (数据分析) as a table: CSV as UTF-8 text (a BOM dropped; comma, semicolon or
 * tab, whichever splits the header most), XLSX through exceljs (already the document parser's
 * reader), first worksheet only, behind the same zip-bomb guard as the document parsers. A file
 * that is not a table answers a Chinese reason, never a 500.
 */
export type DataFileRead = { ok: true; table: DataTable; sheet?: string } | { ok: false; reason: string };

export async function readDataFile(ext: string, data: Buffer): Promise<DataFileRead> {
  if (ext === 'csv') {
    const text = data.toString('utf8').replace(/^\uFEFF/, '');
    const header = text.slice(0, text.search(/\r?\n/) >>> 0);
    const sep = ['\t', ';', ','].map((s) => [s, header.split(s).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
    const table = toTable(splitDelimited(text, sep));
    return table ? { ok: true, table } : { ok: false, reason: '表格至少需要表头和一行数据' };
  }
  if (ext === 'xlsx') return readXlsx(data);
  return { ok: false, reason: '只支持 CSV 和 XLSX 文件' };
}

async function readXlsx(data: Buffer): Promise<DataFileRead> {
  const verdict = await checkZip(data);
  if (verdict === 'too-large') return { ok: false, reason: '表格解压后过大' };
  if (verdict === 'unreadable') return { ok: false, reason: '无法读取这个 Excel 文件' };
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return { ok: false, reason: '无法读取这个 Excel 文件' };
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { ok: false, reason: '这个 Excel 文件没有工作表' };
  const raw: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (raw.length > TABLE_MAX_ROWS) return;
    raw.push((row.values as unknown[]).slice(1, TABLE_MAX_COLUMNS + 1).map(cellText));
  });
  const table = toTable(raw);
  return table ? { ok: true, table, sheet: sheet.name } : { ok: false, reason: '表格至少需要表头和一行数据' };
}

/** One cell's shown text: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
    return '';
  }
  return String(v);
}
