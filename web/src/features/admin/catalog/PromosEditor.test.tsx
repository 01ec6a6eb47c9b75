import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { docOf, mockCatalogServer, mountDocument, refuseNextSave, saveAndSeeRefusal, saved, type } from './catalog-testing';

vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'));

/** The shipped promos file, as the server serves it before any console save. */
const SHIPPED_TEXT = readFileSync(resolve(import.meta.dirname, '../../../../../server/catalog/promos.json'), 'utf8');
const shipped = () => JSON.parse(SHIPPED_TEXT) as Record<string, Record<string, unknown>>;

// One parse serves every test: the form builds new objects on edit and never changes the loaded content.
mockCatalogServer(docOf('promos', shipped()));

const SEARCH_GUIDE = '搜索引擎引导轮播（从搜索引擎来访，每天首次访问）';

describe('the promos and notices form', { timeout: 60_000 }, () => {
  it('opens the shipped file on the form and saves it unchanged, key for key', async () => {
    mountDocument('promos');
    await screen.findByTestId('promos-editor');
    expect(screen.getByRole('switch', { name: SEARCH_GUIDE }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('客户端最新版本') as HTMLInputElement).value).toBe('2025.08.19');
    expect((screen.getByLabelText('弹窗内容（HTML）') as HTMLTextAreaElement).value).toContain('<b>Nano Banana</b>');
    expect(screen.getByText(/显示前会经过 HTML 清理/)).toBeTruthy();
    // Touched and put back: still the file as shipped.
    fireEvent.click(screen.getByRole('switch', { name: SEARCH_GUIDE }));
    fireEvent.click(screen.getByRole('switch', { name: SEARCH_GUIDE }));
    type('弹窗标题', '改了');
    type('弹窗标题', '香蕉绘图模型上线');
    expect(JSON.stringify(await saved())).toBe(JSON.stringify(JSON.parse(SHIPPED_TEXT)));
  });

  it('saves a switch flipped and the update notices edited, keeping everything the form does not show', async () => {
    mountDocument('promos');
    fireEvent.click(await screen.findByRole('switch', { name: SEARCH_GUIDE }));
    type('网页版最新版本', '2026.11.27');
    type('网页版更新说明', '新增目录配置表单');
    type('客户端下载地址', 'https://example.com/download');
    fireEvent.click(screen.getByRole('switch', { name: '显示模型推广弹窗' }));
    type('弹窗内容（HTML）', '<p>新内容</p>');
    const want = shipped();
    want.show = { ...want.show, search_guide: false };
    want.versions = { ...want.versions, web: '2026.11.27' };
    want.web_update = { ...want.web_update, content: '新增目录配置表单' };
    want.pc_update = { ...want.pc_update, download_url: 'https://example.com/download' };
    want.model = { ...want.model, show: false, content: '<p>新内容</p>' };
    expect(await saved()).toEqual(want);
  });

  it('refuses a bad version and an over-long title in Chinese, and does not write them', async () => {
    mountDocument('promos');
    await screen.findByTestId('promos-editor');
    type('客户端最低可用版本（低于此版本必须下载新版，弹窗不能关闭）', '2025-01-01');
    type('弹窗标题', '长'.repeat(101));
    type('客户端下载地址', '');
    expect(await screen.findByText('版本号须为 YYYY.MM.DD 格式，例如 2025.08.19', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('弹窗标题最多 100 个字符', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('客户端下载地址不能为空', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await saved()).toEqual(shipped());
  });

  it('shows the server’s refusal, tags the part it names and puts it under the field it names', async () => {
    const refusal = '推广与公告校验未通过：promos.json: versions.pc_min: Invalid string: must match pattern /^\\d{4}\\.\\d{2}\\.\\d{2}$/';
    refuseNextSave(refusal);
    mountDocument('promos');
    await screen.findByTestId('promos-editor');
    await saveAndSeeRefusal(refusal);
    const explains = await within(screen.getByTestId('promos-editor')).findAllByText(refusal, undefined, { timeout: 5_000 });
    expect(explains.map((e) => e.closest('.ant-form-item')?.querySelector('label')?.textContent)).toEqual(['客户端最低可用版本（低于此版本必须下载新版，弹窗不能关闭）']);
    expect(screen.getByText('版本与更新提示').textContent).toContain('校验出错');
    expect(screen.getAllByText('校验出错')).toHaveLength(1);
  });
});
