import { fireEvent, screen, waitFor } from '@testing-library/react';
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

const UP1 = {
  key: 'Up1Url',
  label: 'UP云搜',
  type: 0,
  tab: 'up1',
  url: '',
  format: 'base64json',
  itemsPath: 'result.items',
  fields: { title: 'title', url: 'page_url', time: 'insert_time', size: 'size' },
};
const BROTHER = {
  key: 'brotherUrl',
  label: '兄弟盘',
  type: 6,
  tab: 'brother',
  url: 'https://brother.example.com/s?q={keyword}&p={page}',
  format: 'html',
  selectors: { item: '.result', title: 'a', url: 'a@href', time: '.time' },
};
const DISK_DOC = docOf('webdisk', { _comment: 'kept', channels: [UP1, BROTHER] });

mockCatalogServer(DISK_DOC);

describe('the web-disk channels form', { timeout: 60_000 }, () => {
  it('lists the channels with their tab, address (or 未配置) and format', async () => {
    mountDocument('webdisk');
    const up1 = await rowOf('Up1Url');
    expect(up1.textContent).toContain('Up1Url');
    expect(up1.textContent).toContain('未配置');
    expect((await rowOf('brotherUrl')).textContent).toContain('https://brother.example.com/s?q={keyword}&p={page}');
  });

  it('fills a channel’s URL template and paths, keeping the optional paths, the comment and the other channel', async () => {
    mountDocument('webdisk');
    fireEvent.click(await screen.findByTestId('webdisk-edit-Up1Url'));
    await screen.findByTestId('webdisk-drawer');
    type('地址模板', 'https://up.example.com/api?kw={keyword}&page={page}');
    type('标题字段路径', 'name');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await screen.findByText('https://up.example.com/api?kw={keyword}&page={page}');
    expect(await save()).toEqual({
      _comment: 'kept',
      channels: [{ ...UP1, url: 'https://up.example.com/api?kw={keyword}&page={page}', fields: { ...UP1.fields, title: 'name' } }, BROTHER],
    });
  });

  it('edits an html channel’s link selector, keeping its optional selectors', async () => {
    mountDocument('webdisk');
    fireEvent.click(await screen.findByTestId('webdisk-edit-brotherUrl'));
    await screen.findByTestId('webdisk-drawer');
    type('链接选择器', 'a.link@href');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await waitFor(() => expect(screen.queryByTestId('webdisk-drawer')).toBeNull());
    expect(await save()).toEqual({ _comment: 'kept', channels: [UP1, { ...BROTHER, selectors: { ...BROTHER.selectors, url: 'a.link@href' } }] });
  });

  it('refuses in the form a non-http template, a json channel without paths and a bad path, in Chinese', async () => {
    mountDocument('webdisk');
    fireEvent.click(await screen.findByTestId('webdisk-add'));
    await screen.findByTestId('webdisk-drawer');
    type('地址模板', 'ftp://files.example.com/{keyword}');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    expect(await screen.findByText('地址模板留空（未配置）或以 http:// 或 https:// 开头，可含 {keyword} 和 {page}', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('JSON 渠道需要填写结果列表路径', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('JSON 渠道需要填写标题字段路径', undefined, { timeout: 5_000 })).toBeTruthy();
    type('结果列表路径', 'data list');
    expect(await screen.findByText('请填写以 . 分隔的路径，例如 result.items', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('webdisk-drawer')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and marks the channel it names, under the field it names', async () => {
    const refusal = '网盘渠道校验未通过：webdisk.json: channels.1.selectors: html channels need selectors';
    refuseNextSave(refusal);
    mountDocument('webdisk');
    await rowOf('brotherUrl');
    await saveAndSeeRefusal(refusal);
    expectMarked(await rowOf('brotherUrl'), true);
    expectMarked(await rowOf('Up1Url'), false);
    fireEvent.click(screen.getByTestId('webdisk-edit-brotherUrl'));
    expect(await refusedFieldLabels('webdisk-drawer', refusal)).toEqual(['结果项选择器']);
  });
});
