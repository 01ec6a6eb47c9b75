import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { screenshot, specAccount } from './helpers';

/**
 * 文档翻译 against the real server in demo mode, on a desktop and a 390-px phone: /AITranslate/TranslateDoc
 * opens the generic task page; a DOCX (paragraphs and a table) is uploaded and translated into Chinese
 * (the form's defaults: 自动识别 -> 中文, 双语对照, with a glossary line); the card shows the progress and
 * the result; the translated DOCX downloads with the original text, the demo translation, the same
 * table and the AI-content line. /AITranslate/translatePdf opens PDF翻译 with its engine choice.
 */

/** The one account of this spec (its tests share it). */
const account = specAccount('136');

async function sampleDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: 'Quarterly report', bold: true })] }),
          new Paragraph('Our team shipped the new translation feature ahead of schedule.'),
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [new Paragraph('Region')] }), new TableCell({ children: [new Paragraph('Revenue')] })] }),
              new TableRow({ children: [new TableCell({ children: [new Paragraph('North')] }), new TableCell({ children: [new Paragraph('1,200')] })] }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

const VIEWS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true } },
] as const;

for (const view of VIEWS) {
  test.describe(`document translation (${view.name})`, () => {
    test.use(view.use);

    test('文档翻译: a DOCX uploaded, translated with progress, downloaded with its table and the AI label', async ({ page }) => {
      test.setTimeout(120_000);
      await account.signIn(page);
      await page.goto('/AITranslate/TranslateDoc');
      await expect(page.getByTestId('task-tool-page')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { name: '文档翻译', level: 1 })).toBeVisible();
      await expect(page.getByText('功能开发中')).toHaveCount(0);

      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/files/upload'));
      await page.getByTestId('file-field-file').locator('input[type=file]').setInputFiles({
        name: '季度报告.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: await sampleDocx(),
      });
      expect((await uploaded).ok()).toBe(true);
      await page.getByPlaceholder(/每行一条/).fill('Quarterly report=季度报告');
      await screenshot(page, `doc-translate-form-${view.name}`);

      const run = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/docTranslate/run'));
      await page.getByTestId('tool-submit').click();
      const answer = (await (await run).json()) as { code: number; msg: string; data: { task_id: string } };
      expect(answer.code, answer.msg).toBe(200);
      const card = page.locator(`[data-testid="task-card"][data-task="${answer.data.task_id}"]`);
      await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });
      await expect(card.getByTestId('task-result-text')).toContainText('演示译文');
      await expect(card.getByText('季度报告-中文（简体）译文.docx')).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `doc-translate-result-${view.name}`);

      const wait = page.waitForEvent('download');
      await card.getByTestId('task-download').click();
      const download = await wait;
      expect(download.suggestedFilename()).toBe('季度报告-中文（简体）译文.docx');
      const zip = await JSZip.loadAsync(await readFile((await download.path())!));
      const body = await zip.file('word/document.xml')!.async('string');
      expect(body).toContain('Our team shipped the new translation feature');
      expect(body).toContain('【演示译文·中文（简体）】Our team shipped');
      expect(body).toContain('【演示译文·中文（简体）】季度报告');
      expect(body.match(/<w:tbl>/g)).toHaveLength(1);
      const footers = await Promise.all(Object.keys(zip.files).filter((n) => /^word\/footer/.test(n)).map((n) => zip.file(n)!.async('string')));
      expect(footers.join('')).toContain('本文件由万象 AI 翻译生成');
      expect(await zip.file('docProps/custom.xml')!.async('string')).toContain('name="AIGC"');
    });

    test('PDF翻译: the engine choice, and the layout engine refused in Chinese while the operator runs none', async ({ page }) => {
      test.setTimeout(60_000);
      await account.signIn(page);
      await page.goto('/AITranslate/translatePdf');
      await expect(page.getByRole('heading', { name: 'PDF翻译', level: 1 })).toBeVisible({ timeout: 30_000 });
      const pdf = await PDFDocument.create();
      pdf.addPage([300, 200]).drawText('Hello translation', { x: 20, y: 100, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/files/upload'));
      await page.getByTestId('file-field-file').locator('input[type=file]').setInputFiles({ name: 'paper.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
      expect((await uploaded).ok()).toBe(true);
      await page.getByText('版式保留', { exact: true }).click();
      const run = page.waitForResponse((r) => r.url().endsWith('/api/v1/tools/pdfTranslate/run'));
      await page.getByTestId('tool-submit').click();
      expect((await run).status()).toBe(400);
      await expect(page.getByText('运营方尚未开启版式保留翻译引擎').first()).toBeVisible();
      await screenshot(page, `pdf-translate-layout-off-${view.name}`);
    });
  });
}
