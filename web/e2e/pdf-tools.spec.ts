import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { screenshot, specAccount } from './helpers';

/**
 * PDF工具 and 文字识别 against the real server in demo mode, on a desktop and a 390-px phone:
 *  - /PdfTools: the hub's cards by group; PDF合并 opened from its card, two PDFs uploaded (a third
 *    box appears only once both are in), merged, the result downloaded as one PDF of 3 pages.
 *  - /doc/AiORCModel: a picture uploaded and read; the demo answer (marked 演示) rendered (its table
 *    a table) with a copy button, and a Word file to download.
 */

/** The one account of this spec (its tests share it). */
const account = specAccount('135');

/** A PDF of `pages` Letter pages, each saying "Page N" in Helvetica (written by hand: the browser tests need no PDF library). */
function pdfOf(pages: number, label: string): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const stream = `BT /F1 24 Tf 72 700 Td (${label} page ${p}) Tj ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${objects.length} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const VIEWS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true } },
] as const;

for (const view of VIEWS) {
  test.describe(`PDF tools (${view.name})`, () => {
    test.use(view.use);

    test('PDF工具: the hub, then PDF合并 of two files downloaded as one 3-page PDF', async ({ page }) => {
      test.setTimeout(120_000);
      await account.signIn(page);
      await page.goto('/PdfTools');
      await expect(page.getByRole('heading', { name: 'PDF工具', level: 1 })).toBeVisible({ timeout: 30_000 });
      for (const group of ['页面处理', '格式转换', '文字识别']) await expect(page.getByRole('heading', { name: group })).toBeVisible();
      const cards = page.getByTestId('tool-card');
      await expect(cards).toHaveCount(8);
      await expect(page.getByText('功能开发中')).toHaveCount(0);
      await screenshot(page, `pdf-tools-hub-${view.name}`);

      await page.getByTestId('pdf-tools-pages').getByRole('link', { name: /PDF合并/ }).click();
      await expect(page).toHaveURL(/\/PdfTools\/merge$/);
      await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
      // Two boxes to start with; the third appears once both hold a file.
      await expect(page.getByTestId('file-field-file1')).toBeVisible();
      await expect(page.getByTestId('file-field-file2')).toBeVisible();
      await expect(page.getByTestId('file-field-file3')).toBeHidden();
      for (const [field, name, pages] of [
        ['file1', '报告甲.pdf', 2],
        ['file2', '报告乙.pdf', 1],
      ] as const) {
        const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/files/upload'));
        await page.getByTestId(`file-field-${field}`).locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdfOf(pages, field) });
        expect((await uploaded).ok()).toBe(true);
      }
      await expect(page.getByTestId('file-field-file3')).toBeVisible();
      await screenshot(page, `pdf-tools-merge-form-${view.name}`);

      const run = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/pdfMerge/run'));
      await page.getByTestId('tool-submit').click();
      const taskId = ((await (await run).json()) as { data: { task_id: string } }).data.task_id;
      const card = page.locator(`[data-testid="task-card"][data-task="${taskId}"]`);
      await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
      await expect(card.getByTestId('task-result-text')).toContainText('已合并 2 个文件，共 3 页');
      await expect(card.getByText('报告甲-合并.pdf')).toBeVisible();
      // A plain conversion: no AI-content note under it.
      await expect(card.getByText('内容由AI生成')).toHaveCount(0);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `pdf-tools-merge-result-${view.name}`);

      const wait = page.waitForEvent('download');
      await card.getByTestId('task-download').click();
      const download = await wait;
      expect(download.suggestedFilename()).toBe('报告甲-合并.pdf');
      const { readFile } = await import('node:fs/promises');
      const merged = await readFile((await download.path())!);
      expect(merged.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Read back with pdf-lib: the merged file keeps its objects in compressed streams, so no text search would do.
      expect((await PDFDocument.load(merged)).getPageCount()).toBe(3);
    });

    test('文字识别: a picture read in demo mode, the answer marked 演示 to copy, a Word file to download', async ({ page }) => {
      test.setTimeout(120_000);
      await account.signIn(page);
      await page.goto('/doc/AiORCModel');
      await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: '文字识别' })).toBeVisible();
      const picture = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#ffffff' } })
        .composite([{ input: Buffer.from('<svg width="600" height="300"><text x="40" y="160" font-size="48">Invoice 2026</text></svg>') }])
        .png()
        .toBuffer();
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/files/upload'));
      await page.getByTestId('file-field-file').locator('input[type=file]').setInputFiles({ name: '发票.png', mimeType: 'image/png', buffer: picture });
      expect((await uploaded).ok()).toBe(true);
      await screenshot(page, `ocr-form-${view.name}`);

      const run = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/AiORCModel/run'));
      await page.getByTestId('tool-submit').click();
      const taskId = ((await (await run).json()) as { data: { task_id: string } }).data.task_id;
      const card = page.locator(`[data-testid="task-card"][data-task="${taskId}"]`);
      await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
      const text = card.getByTestId('task-result-text');
      await expect(text).toContainText('演示');
      // The answer's markdown table is drawn as a table.
      await expect(text.getByRole('cell', { name: '600 像素' })).toBeVisible();
      await expect(card.getByText('发票-识别结果.docx')).toBeVisible();
      await expect(card.getByText('内容由AI生成')).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `ocr-result-${view.name}`);

      const wait = page.waitForEvent('download');
      await card.getByTestId('task-download').click();
      const download = await wait;
      expect(download.suggestedFilename()).toBe('发票-识别结果.docx');
      const { readFile } = await import('node:fs/promises');
      expect((await readFile((await download.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');
    });
  });
}
