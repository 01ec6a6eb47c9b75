import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  catalogApi as api,
  docOf,
  expectMarked,
  mockCatalogServer,
  mountDocument,
  refusedFieldLabels,
  refuseNextSave,
  rowOf,
  saveAndSeeRefusal,
  saved as save,
  type,
} from './catalog-testing';

vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'));

const WIKI = { name: 'deepwiki', description: 'DeepWiki 文档', type: 'streamable_http', status: 1, url: 'https://mcp.deepwiki.com/mcp' };
const FETCH = { name: 'fetch', description: '网页抓取', type: 'streamable_http', status: 0, url: 'https://remote.example.org/fetch/mcp' };
const MCP_DOC = docOf('mcp', [WIKI, FETCH]);

mockCatalogServer(MCP_DOC);

describe('the MCP servers form', { timeout: 60_000 }, () => {
  it('lists the servers with their address and on/off state', async () => {
    mountDocument('mcp');
    expect((await rowOf('DeepWiki 文档')).textContent).toContain('https://mcp.deepwiki.com/mcp');
    expect(screen.getByRole('switch', { name: '启用 deepwiki' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: '启用 fetch' }).getAttribute('aria-checked')).toBe('false');
  });

  it('edits a server in the drawer and switches another on, keeping fields the form does not show', async () => {
    api.document.mockResolvedValue(docOf('mcp', [{ ...WIKI, note: 'kept' }, FETCH]));
    mountDocument('mcp');
    fireEvent.click(await screen.findByTestId('mcp-edit-deepwiki'));
    await screen.findByTestId('mcp-drawer');
    type('说明', 'DeepWiki 仓库文档');
    type('服务地址', 'https://wiki.example.com/mcp');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await screen.findByText('DeepWiki 仓库文档');
    fireEvent.click(screen.getByRole('switch', { name: '启用 fetch' }));
    expect(await save()).toEqual([
      { ...WIKI, note: 'kept', description: 'DeepWiki 仓库文档', url: 'https://wiki.example.com/mcp' },
      { ...FETCH, status: 1 },
    ]);
  });

  it('adds a server at the end, off until switched on', async () => {
    mountDocument('mcp');
    fireEvent.click(await screen.findByTestId('mcp-add'));
    await screen.findByTestId('mcp-drawer');
    type('标识', 'docs');
    type('说明', '文档检索');
    type('服务地址', 'https://docs.example.com/mcp');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await screen.findByText('文档检索');
    expect(await save()).toEqual([WIKI, FETCH, { name: 'docs', description: '文档检索', type: 'streamable_http', status: 0, url: 'https://docs.example.com/mcp' }]);
  });

  it('refuses in the form a bad name, a taken name and a non-http address, in Chinese', async () => {
    mountDocument('mcp');
    fireEvent.click(await screen.findByTestId('mcp-edit-fetch'));
    await screen.findByTestId('mcp-drawer');
    type('标识', 'Fetch Tool');
    type('服务地址', 'ftp://files.example.com');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    expect(await screen.findByText('标识只能是小写字母、数字和 -，以字母或数字开头，最多 24 个字符', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('服务地址必须是 http:// 或 https:// 开头的网址', undefined, { timeout: 5_000 })).toBeTruthy();
    type('标识', 'deepwiki');
    expect(await screen.findByText('标识「deepwiki」已被使用', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('mcp-drawer')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and marks the entry it names, under the field it names', async () => {
    const refusal = 'MCP 服务校验未通过：mcp.json: 1.url: Invalid URL';
    refuseNextSave(refusal);
    mountDocument('mcp');
    await rowOf('网页抓取');
    await saveAndSeeRefusal(refusal);
    expectMarked(await rowOf('网页抓取'), true);
    expectMarked(await rowOf('DeepWiki 文档'), false);
    fireEvent.click(screen.getByTestId('mcp-edit-fetch'));
    expect(await refusedFieldLabels('mcp-drawer', refusal)).toEqual(['服务地址']);
  });
});
