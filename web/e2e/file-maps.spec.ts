import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { loginByApi, screenshot } from './helpers';

/**
 * Mind maps and decks from files (docs/product/mindmap-and-slides.md §11) against the real server and its demo model:
 * the two hubs; a DOCX read with its headings and drawn as a mind map (full screen PNG); an old .pptx whose slide
 * titles become the new outline, built in one of our templates and downloaded; the same pages on a phone.
 */

async function reportDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: '年度工作总结', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: '市场拓展成果', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('今年新开拓了三个城市。客户数量增长了一倍。'),
          new Paragraph({ text: '华东区域', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('上海门店顺利开业。'),
          new Paragraph({ text: '产品研发进展', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('发布了两个新版本，修复了大量问题。'),
          new Paragraph({ text: '明年工作计划', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('继续扩大市场，提升服务质量。'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

const OLD_SLIDES = [
  { title: '2023 销售复盘', body: ['华南大区 · 内部汇报'] },
  { title: '全年业绩概览', body: ['销售额 1.2 亿元', '同比增长 18%'] },
  { title: '重点客户分析', body: ['前十大客户贡献六成收入'] },
  { title: '渠道建设情况', body: ['新增经销商 12 家'] },
  { title: '下一年度目标', body: ['销售额 1.5 亿元'] },
];

/** A PowerPoint-style deck: a title placeholder and a body placeholder per slide. */
async function oldDeck(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  OLD_SLIDES.forEach((s, i) => {
    const shape = (id: number, ph: string, paras: string[]) =>
      `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr><p:ph type="${ph}"/></p:nvPr></p:nvSpPr><p:txBody>${paras
        .map((p) => `<a:p><a:r><a:t>${p}</a:t></a:r></a:p>`)
        .join('')}</p:txBody></p:sp>`;
    zip.file(
      `ppt/slides/slide${i + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree>${shape(2, i === 0 ? 'ctrTitle' : 'title', [s.title])}${shape(3, i === 0 ? 'subTitle' : 'body', s.body)}</p:spTree></p:cSld></p:sld>`,
    );
  });
  return zip.generateAsync({ type: 'nodebuffer' });
}

async function docToMap(page: Page, shot: string): Promise<void> {
  await page.getByTestId('file-source-upload').locator('input[type=file]').setInputFiles({
    name: '工作总结.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await reportDocx(),
  });
  const headings = page.getByTestId('file-source-headings');
  await expect(headings).toContainText('市场拓展成果', { timeout: 20_000 });
  await expect(headings.locator('.ant-tag')).toHaveCount(5);
  await page.getByTestId('doc-map-generate').click();
  const svg = page.getByTestId('file-map-result').getByTestId('mindmap-svg');
  // The document's headings are the map's branches (the demo model follows them), marked 演示.
  for (const h of ['年度工作总结', '市场拓展成果', '产品研发进展', '明年工作计划']) await expect(svg).toContainText(h, { timeout: 20_000 });
  await expect(page.getByTestId('file-map-demo')).toBeVisible();
  await expect(page.getByTestId('doc-map-generate')).not.toHaveClass(/ant-btn-loading/, { timeout: 20_000 });
  await screenshot(page, `${shot}`);
}

async function oldDeckToOutline(page: Page, shot: string): Promise<void> {
  await page.getByTestId('file-source-upload').locator('input[type=file]').setInputFiles({
    name: '销售复盘.pptx',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    buffer: await oldDeck(),
  });
  await expect(page.getByTestId('file-source-headings').locator('.ant-tag')).toHaveText(OLD_SLIDES.map((s) => s.title), { timeout: 20_000 });
  const outlineCall = page.waitForRequest((r) => r.url().includes('/api/v1/ppt/outline'));
  await page.getByTestId('deck-outline-start').click();
  expect((await outlineCall).postDataJSON()).toMatchObject({ from: 'oldPpt' });
  const outline = page.getByTestId('ppt-outline');
  await expect(outline).toHaveValue(/^# 2023 销售复盘/, { timeout: 20_000 });
  await expect(page.getByText('正在生成大纲...')).toHaveCount(0, { timeout: 20_000 });
  const text = await outline.inputValue();
  // Every old slide title is a slide of the new outline, in the old order.
  const slides = [...text.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
  expect(slides).toEqual(OLD_SLIDES.slice(1).map((s) => s.title));
  await expect(page.getByTestId('ppt-outline-demo')).toBeVisible();
  await screenshot(page, `${shot}-outline`);
}

test.describe('mind maps and decks from files', () => {
  test('desktop: hubs, a DOCX to a mind map, an old PPTX to a new deck', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginByApi(page, request);

    await page.goto('/AiFile/mapping');
    const mapHub = page.getByTestId('maps-hub');
    await expect(mapHub.getByTestId('tool-card')).toHaveCount(3, { timeout: 30_000 });
    await screenshot(page, 'file-maps-hub-desktop');
    await mapHub.getByRole('link', { name: /文档生成导图/ }).click();
    await expect(page).toHaveURL(/\/AiFile\/mapping\/docsCreateMarkmap$/);
    await docToMap(page, 'file-maps-doc-map-desktop');
    // Full screen, then the PNG download of the existing view.
    await page.getByTestId('mindmap-enlarge').click();
    await expect(page.getByTestId('mindmap-big-svg')).toContainText('市场拓展成果');
    const png = page.waitForEvent('download');
    await page.getByTestId('mindmap-download-png').click();
    expect((await png).suggestedFilename()).toMatch(/\.png$/);
    await page.keyboard.press('Escape');

    await page.goto('/AiFile/ppt');
    const pptHub = page.getByTestId('ppt-hub');
    await expect(pptHub.getByTestId('tool-card')).toHaveCount(3, { timeout: 30_000 });
    await screenshot(page, 'file-maps-ppt-hub-desktop');
    await pptHub.getByRole('link', { name: /旧PPT翻新/ }).click();
    await expect(page).toHaveURL(/\/AiFile\/ppt\/oldPptCreateNewPpt$/);
    await oldDeckToOutline(page, 'file-maps-old-ppt-desktop');

    // The outline goes on through the existing wizard: a template of ours, the build, the preview, the download.
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByTestId('ppt-template-azure-business').click();
    await page.getByRole('button', { name: '生成PPT' }).last().click();
    const preview = page.getByTestId('ppt-preview');
    await expect(preview).toBeVisible({ timeout: 60_000 });
    await expect(preview).toContainText('全年业绩概览');
    await screenshot(page, 'file-maps-old-ppt-preview-desktop');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pptx$/);
    expect(readFileSync((await file.path())!).subarray(0, 2).toString()).toBe('PK');
  });

  test('phone: a DOCX to a mind map, an old PPTX to an outline, a wrong file refused in Chinese', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginByApi(page, request);
    await page.goto('/AiFile/mapping');
    await expect(page.getByTestId('maps-hub').getByTestId('tool-card')).toHaveCount(3, { timeout: 30_000 });
    await screenshot(page, 'file-maps-hub-phone');

    await page.goto('/AiFile/mapping/docsCreateMarkmap');
    await docToMap(page, 'file-maps-doc-map-phone-top');
    await page.getByTestId('file-map-result').scrollIntoViewIfNeeded();
    await screenshot(page, 'file-maps-doc-map-phone');

    await page.goto('/AiFile/ppt/oldPptCreateNewPpt');
    // A Word file is not an old deck: the server's sentence shows under the box.
    await page.getByTestId('file-source-upload').locator('input[type=file]').setInputFiles({ name: '工作总结.docx', mimeType: 'application/octet-stream', buffer: await reportDocx() });
    await expect(page.getByTestId('file-source-error')).toContainText('旧PPT翻新仅支持 .pptx 文件');
    await screenshot(page, 'file-maps-old-ppt-refused-phone');
    await page.reload();
    await oldDeckToOutline(page, 'file-maps-old-ppt-phone');
  });
});
