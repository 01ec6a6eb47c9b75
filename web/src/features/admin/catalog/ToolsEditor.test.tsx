import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { catalogApi as api, docOf, expectMarked, mockCatalogServer, mountDocument, refuseNextSave, saveAndSeeRefusal, TIERS } from './catalog-testing';

vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'));

const TOOLS_DOC = docOf('tools', { _comment: 'kept', tools: { aiNaming: { enabled: false } } });

mockCatalogServer(TOOLS_DOC, { tiers: TIERS });

const valueOf = (name: string) => (screen.getByRole('spinbutton', { name }) as HTMLInputElement).value;

/** The table showing only the tool searched for. */
async function showTool(word: string) {
  const search = await screen.findByPlaceholderText('搜索名称或标识');
  fireEvent.change(search, { target: { value: word } });
}

describe('the tools form', { timeout: 60_000 }, () => {
  it('shows each tool with the setting in force: a switched-off tool off, the registry price as the default', async () => {
    mountDocument('tools');
    await showTool('aiNaming');
    expect((await screen.findByRole('switch', { name: 'AI起名 启用' })).getAttribute('aria-checked')).toBe('false');
    await showTool('text2image');
    expect((await screen.findByRole('switch', { name: '文生图 启用' })).getAttribute('aria-checked')).toBe('true');
    expect(valueOf('文生图 积分价格')).toBe('10');
    expect(screen.getByText('默认：10')).toBeTruthy();
  });

  it('saves only what differs from the registry, keeping the rest of the document and the loaded version', async () => {
    mountDocument('tools');
    await showTool('text2image');
    const price = await screen.findByRole('spinbutton', { name: '文生图 积分价格' });
    fireEvent.change(price, { target: { value: '12' } });
    fireEvent.blur(price);
    await showTool('aiNaming');
    fireEvent.click(await screen.findByRole('switch', { name: 'AI起名 启用' }));
    fireEvent.click(screen.getByTestId('catalog-save'));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(api.save).toHaveBeenCalledWith('tools', { _comment: 'kept', tools: { text2image: { points: 12 } } }, 3);
  });

  it('shows the server’s refusal at the top and marks the tool it names, keeping the edit', async () => {
    refuseNextSave('工具（开关、价格、计次）校验未通过：tools.json: tools.text2image.points: Too big');
    mountDocument('tools');
    await showTool('text2image');
    const price = await screen.findByRole('spinbutton', { name: '文生图 积分价格' });
    fireEvent.change(price, { target: { value: '15' } });
    fireEvent.blur(price);
    await saveAndSeeRefusal('校验未通过：tools.json: tools.text2image.points');
    expectMarked(screen.getByRole('spinbutton', { name: '文生图 积分价格' }).closest('tr')!, true);
    expect(valueOf('文生图 积分价格')).toBe('15');
  });

  it('keeps the JSON editor as 高级: an edit there comes back into the form', async () => {
    mountDocument('tools');
    fireEvent.click(await screen.findByRole('tab', { name: '高级（JSON）' }));
    fireEvent.change(screen.getByTestId('catalog-json'), { target: { value: '{"tools":{"text2image":{"points":30}}}' } });
    fireEvent.click(screen.getByRole('tab', { name: '表单编辑' }));
    await showTool('text2image');
    await screen.findByRole('spinbutton', { name: '文生图 积分价格' });
    expect(valueOf('文生图 积分价格')).toBe('30');
    fireEvent.click(screen.getByRole('tab', { name: '高级（JSON）' }));
    fireEvent.change(screen.getByTestId('catalog-json'), { target: { value: '{"tools":' } });
    fireEvent.click(screen.getByRole('tab', { name: '表单编辑' }));
    expect((await screen.findByTestId('catalog-problem')).textContent).toContain('JSON 格式不正确');
  });
});
