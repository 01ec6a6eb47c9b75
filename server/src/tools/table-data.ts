/**
 * Tables the chart and data tools read (AI图表's pasted text, 数据分析's CSV/XLSX upload) and the
 * statistics the server computes itself before a model is asked: the model is handed real counts,
 * means and medians, never asked to add up a file it only sees a sample of.
 */

export interface DataTable {
  columns: string[];
  /** Cells as text, every row as long as `columns`. */
  rows: string[][];
}

/** Most rows and columns read from one table (the rest is left out and said so). */
export const TABLE_MAX_ROWS = 50_000;
export const TABLE_MAX_COLUMNS = 60;
const CELL_MAX = 200;

/** Splits CSV/TSV text into rows of cells; quotes ("a,b", "say ""hi""") and CRLF are handled. */
export function splitDelimited(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (rows.length > TABLE_MAX_ROWS) break;
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function markdownRows(lines: string[]): string[][] {
  return lines
    .filter((l) => l.trim().startsWith('|'))
    // The |---|:--:| rule under the header carries no data.
    .filter((l) => /[^\s|:-]/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((c) => c.trim()),
    );
}

/** Rows of cells as a table: the first non-empty row is the header, cells trimmed and clipped, ragged rows padded. */
export function toTable(raw: string[][]): DataTable | null {
  const rows = raw.map((r) => r.map((c) => c.trim().slice(0, CELL_MAX))).filter((r) => r.some((c) => c !== ''));
  if (rows.length < 2) return null;
  const width = Math.min(TABLE_MAX_COLUMNS, Math.max(...rows.map((r) => r.length)));
  if (width < 1) return null;
  const pad = (r: string[]) => Array.from({ length: width }, (_, i) => r[i] ?? '');
  const columns = pad(rows[0]!).map((c, i) => c || `列${i + 1}`);
  return { columns, rows: rows.slice(1, TABLE_MAX_ROWS + 1).map(pad) };
}

/**
 * A table pasted as text: a Markdown table (lines starting with |), tab-separated (spreadsheet
 * copy), or CSV (comma, Chinese comma or semicolon, whichever splits the header most). Null when
 * the text is a description rather than a table.
 */
export function parseTableText(text: string): DataTable | null {
  const clean = text.replace(/^\uFEFF/, '').trim();
  const lines = clean.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 2) return null;
  if (lines.filter((l) => l.trim().startsWith('|')).length >= 2) {
    const table = toTable(markdownRows(lines));
    return table && table.columns.length >= 2 ? table : null;
  }
  const header = lines[0]!;
  const sep = header.includes('\t') ? '\t' : ([',', '，', ';'].map((s) => [s, header.split(s).length] as const).sort((a, b) => b[1] - a[1])[0]![0] as string);
  const table = toTable(splitDelimited(clean, sep));
  return table && table.columns.length >= 2 ? table : null;
}

/** A number as people write it in tables: 1,234 / ¥12.5 / 35% / -0.4 (null when it is not one). */
export function cellNumber(cell: string): number | null {
  const t = cell.replace(/[,，\s¥$€£]/g, '').replace(/元$/, '');
  if (!/^[-+]?(\d+(\.\d+)?|\.\d+)(e[-+]?\d+)?%?$/i.test(t)) return null;
  const n = Number(t.replace(/%$/, ''));
  return Number.isFinite(n) ? n : null;
}

const DATE = /^\d{4}[-/.年]\d{1,2}([-/.月]\d{1,2}日?)?$|^\d{1,2}月(\d{1,2}日)?$/;

export type ColumnKind = 'number' | 'date' | 'text';

export interface ColumnStats {
  name: string;
  kind: ColumnKind;
  /** Empty cells. */
  missing: number;
  distinct: number;
  /** number columns */
  min?: number;
  max?: number;
  mean?: number;
  median?: number;
  sum?: number;
  /** text and date columns: the most frequent values. */
  top?: { value: string; count: number }[];
}

export interface TableStats {
  rows: number;
  columns: number;
  list: ColumnStats[];
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The statistics of every column: kind (a column is numeric when 80% of its filled cells are numbers), missing cells, and per kind its figures. */
export function tableStats(table: DataTable): TableStats {
  const list = table.columns.map((name, i): ColumnStats => {
    const cells = table.rows.map((r) => r[i] ?? '');
    const filled = cells.filter((c) => c !== '');
    const missing = cells.length - filled.length;
    const distinct = new Set(filled).size;
    const numbers = filled.map(cellNumber).filter((n): n is number => n !== null);
    if (filled.length > 0 && numbers.length / filled.length >= 0.8) {
      const sorted = [...numbers].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
      const sum = numbers.reduce((a, b) => a + b, 0);
      return { name, kind: 'number', missing, distinct, min: sorted[0], max: sorted[sorted.length - 1], mean: round(sum / numbers.length), median: round(median), sum: round(sum) };
    }
    const counts = new Map<string, number>();
    for (const c of filled) counts.set(c, (counts.get(c) ?? 0) + 1);
    const top = [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([value, count]) => ({ value, count }));
    const dates = filled.filter((c) => DATE.test(c)).length;
    return { name, kind: filled.length > 0 && dates / filled.length >= 0.8 ? 'date' : 'text', missing, distinct, top };
  });
  return { rows: table.rows.length, columns: table.columns.length, list };
}

const KIND_LABEL: Record<ColumnKind, string> = { number: '数值', date: '日期', text: '文本' };

/** The statistics as a Markdown table for the model (and the demo answer). */
export function statsMarkdown(stats: TableStats): string {
  const lines = ['| 列 | 类型 | 缺失 | 不同值 | 最小 | 最大 | 平均 | 中位数 | 最常见 |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- |'];
  for (const c of stats.list) {
    const top = (c.top ?? []).map((t) => `${t.value}(${t.count})`).join('、');
    const n = (v: number | undefined) => (v === undefined ? '' : String(v));
    lines.push(`| ${cell(c.name)} | ${KIND_LABEL[c.kind]} | ${c.missing} | ${c.distinct} | ${n(c.min)} | ${n(c.max)} | ${n(c.mean)} | ${n(c.median)} | ${cell(top)} |`);
  }
  return lines.join('\n');
}

const cell = (text: string) => text.replace(/\|/g, '/').replace(/\s+/g, ' ').slice(0, 60);

/** The first rows as a Markdown table (cells clipped), the sample the model sees besides the statistics. */
export function sampleMarkdown(table: DataTable, rows = 15, columns = 20): string {
  const cols = table.columns.slice(0, columns);
  const head = `| ${cols.map(cell).join(' | ')} |`;
  const rule = `| ${cols.map(() => '---').join(' | ')} |`;
  const body = table.rows.slice(0, rows).map((r) => `| ${r.slice(0, columns).map((c) => cell(c).slice(0, 40)).join(' | ')} |`);
  return [head, rule, ...body].join('\n');
}
