import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readDataFile } from './data-file';
import { cellNumber, parseTableText, statsMarkdown, tableStats } from './table-data';

const SALES_CSV = readFileSync(join(__dirname, '../../test/fixtures/tables/sales.csv'));

/** The same rows as the CSV fixture, as a workbook built in memory (numbers as numbers, one formula). */
async function salesXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('销售');
  sheet.addRow(['地区', '月份', '销售额', '订单数', '备注']);
  sheet.addRow(['华东', '2024-01', 1200, 30, null]);
  sheet.addRow(['华南', '2024-01', 980, 25, '新店']);
  sheet.addRow(['华东', '2024-02', 1350, 33, null]);
  sheet.addRow(['华北', '2024-02', 760, null, '促销']);
  sheet.addRow(['华南', '2024-03', { formula: '1000+100', result: 1100 }, 28, null]);
  sheet.addRow(['华东', '2024-03', 1500, 36, '含"团购"']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function expectSalesStats(stats: ReturnType<typeof tableStats>) {
  expect(stats.rows).toBe(6);
  expect(stats.columns).toBe(5);
  const [region, month, sales, orders, note] = stats.list;
  expect(region).toMatchObject({ name: '地区', kind: 'text', missing: 0, distinct: 3, top: [{ value: '华东', count: 3 }, { value: '华南', count: 2 }, { value: '华北', count: 1 }] });
  expect(month).toMatchObject({ name: '月份', kind: 'date', distinct: 3 });
  expect(sales).toMatchObject({ name: '销售额', kind: 'number', missing: 0, min: 760, max: 1500, mean: 1148.33, median: 1150, sum: 6890 });
  expect(orders).toMatchObject({ name: '订单数', kind: 'number', missing: 1, min: 25, max: 36, mean: 30.4, median: 30 });
  expect(note).toMatchObject({ name: '备注', kind: 'text', missing: 3 });
}

describe('data tables and their statistics', () => {
  it('computes the statistics of the CSV fixture (BOM, quoted commas and quotes, an empty cell)', async () => {
    const read = await readDataFile('csv', SALES_CSV);
    if (!read.ok) throw new Error(read.reason);
    expect(read.table.columns).toEqual(['地区', '月份', '销售额', '订单数', '备注']);
    expect(read.table.rows[5]![4]).toBe('含"团购"');
    expectSalesStats(tableStats(read.table));
  });

  it('computes the same statistics from an XLSX of the same rows (first sheet, formula results)', async () => {
    const read = await readDataFile('xlsx', await salesXlsx());
    if (!read.ok) throw new Error(read.reason);
    expect(read.sheet).toBe('销售');
    expectSalesStats(tableStats(read.table));
  });

  it('refuses files that are not tables with a Chinese reason', async () => {
    expect(await readDataFile('xlsx', Buffer.from('not a zip'))).toEqual({ ok: false, reason: '无法读取这个 Excel 文件' });
    expect(await readDataFile('csv', Buffer.from('只有表头\n'))).toMatchObject({ ok: false });
    expect(await readDataFile('pdf', Buffer.from('%PDF-'))).toEqual({ ok: false, reason: '只支持 CSV 和 XLSX 文件' });
  });

  it('reads pasted tables: markdown, tab-separated, CSV with Chinese commas; a description is no table', () => {
    expect(parseTableText('| 能力 | 小王 |\n| --- | :-: |\n| 沟通 | 80 |\n| 技术 | 70 |')).toEqual({ columns: ['能力', '小王'], rows: [['沟通', '80'], ['技术', '70']] });
    expect(parseTableText('渠道\t订单数\n线上\t520\n门店\t310')?.rows).toEqual([['线上', '520'], ['门店', '310']]);
    expect(parseTableText('月份，销售额\n1月，120\n2月，132')?.columns).toEqual(['月份', '销售额']);
    expect(parseTableText('画一张今年各季度销售额的柱状图')).toBeNull();
  });

  it('reads numbers as tables write them', () => {
    expect(cellNumber('1,234')).toBe(1234);
    expect(cellNumber('¥12.5')).toBe(12.5);
    expect(cellNumber('35%')).toBe(35);
    expect(cellNumber('-0.4')).toBe(-0.4);
    expect(cellNumber('12万')).toBeNull();
    expect(cellNumber('abc')).toBeNull();
  });

  it('writes the statistics as a markdown table, one row per column', () => {
    const table = parseTableText('名称,值\na,1\nb,3')!;
    const text = statsMarkdown(tableStats(table));
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toContain('| 值 | 数值 | 0 | 2 | 1 | 3 | 2 | 2 |');
  });
});
