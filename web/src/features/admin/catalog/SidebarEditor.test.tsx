import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  catalogApi as api,
  docOf,
  expectMarked,
  mockCatalogServer,
  mountDocument,
  refusalsIn,
  refuseNextSave,
  rowOf as rowWith,
  saveAndSeeRefusal,
  saved,
  type,
} from './catalog-testing';

vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'));

const HOME = { key: 'home', label: '首页', icon: 'home', path: '/', hideInDesktopClient: true, children: [] };
const CHAT = {
  key: 'chat',
  label: '超级对话',
  icon: 'chat',
  path: '/chat?type=index',
  children: [
    { key: 'chat-5', label: 'Chat-5', path: '/chat?type=chat-5', dot: { version: 1 } },
    { key: 'grok-4', label: 'Grok 4', path: '/chat?type=grok-4', premium: true },
  ],
};
const IMAGE = {
  key: 'image',
  label: 'AI绘画',
  icon: 'image',
  path: '/newdraw',
  section: 'AI媒体',
  carousel: [{ image: '/sidebar/slide-draw.svg', title: '一句话生成精美插画', route: '/draw/text_image2' }],
  children: [{ key: 'draw', path: '/draw/text_image2' }],
};
const BANNERS = [{ key: 'vip', image: '/sidebar/banner-vip.svg', title: '开通会员', route: '/console/vip' }];
const SIDEBAR_DOC = docOf('sidebar', { ai_amuse: true, carouselIntervalMs: 3000, groups: [HOME, CHAT, IMAGE], banners: BANNERS });

mockCatalogServer(SIDEBAR_DOC);

const rowOf = (key: string) => rowWith(key, { selector: 'td' });
const save = () => saved<{ groups: { key: string }[] }>();

describe('the sidebar form', { timeout: 60_000 }, () => {
  it('lists the groups in sidebar order with their section, path and number of children', async () => {
    mountDocument('sidebar');
    const image = await rowOf('image');
    expect(image.textContent).toContain('AI媒体');
    expect(image.textContent).toContain('1 项');
    expect((await rowOf('chat')).textContent).toContain('2 项');
    const keys = [...screen.getByTestId('sidebar-editor').querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.children[2]?.textContent);
    expect(keys).toEqual(['home', 'chat', 'image']);
    // A group's children are its sub-items, not expandable table rows.
    expect(screen.getByTestId('sidebar-editor').querySelector('.ant-table-row-expand-icon')).toBeNull();
  });

  it('moves a group up and saves the new order, the banners and the groups’ other fields kept', async () => {
    mountDocument('sidebar');
    fireEvent.click(await screen.findByRole('button', { name: '上移 AI绘画' }));
    expect(await save()).toEqual({ ...(SIDEBAR_DOC.content as object), groups: [HOME, IMAGE, CHAT] });
  });

  it('edits a group and its children in the drawer: a label, a child moved down, a child added', async () => {
    mountDocument('sidebar');
    fireEvent.click(await screen.findByTestId('sidebar-edit-chat'));
    await screen.findByTestId('sidebar-drawer');
    type('名称', '对话');
    fireEvent.click(screen.getByRole('button', { name: '下移 1' }));
    fireEvent.click(screen.getByTestId('sidebar-add-child'));
    type('子项3 标识', 'claude');
    type('子项3 名称', 'Claude');
    type('子项3 跳转路径', '/chat?type=claude');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await waitFor(() => expect(screen.queryByTestId('sidebar-drawer')).toBeNull());
    const sent = await save();
    expect(sent.groups[1]).toEqual({
      ...CHAT,
      label: '对话',
      children: [CHAT.children[1], CHAT.children[0], { key: 'claude', label: 'Claude', path: '/chat?type=claude' }],
    });
    expect(sent.groups[2]).toEqual(IMAGE);
  });

  it('refuses in the form a taken group key, a duplicate child key, a path without / and a bad interval, in Chinese', async () => {
    mountDocument('sidebar');
    fireEvent.change(await screen.findByLabelText('轮播间隔（毫秒）'), { target: { value: '500' } });
    expect(await screen.findByText('轮播间隔须为 1000–20000 之间的整数毫秒')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('sidebar-edit-chat'));
    await screen.findByTestId('sidebar-drawer');
    type('标识', 'home');
    type('子项2 标识', 'chat-5');
    type('跳转路径', 'chat');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    expect(await screen.findByText('菜单标识「home」已被使用', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('子项标识「chat-5」在本菜单中重复', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('必须是以 / 开头的站内路径', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('sidebar-drawer')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal, marks the group it names and puts it under the child’s box', async () => {
    const refusal = '侧边栏校验未通过：sidebar.json: groups[2] (AI绘画).children[0].label: 没有 label，且路径不是工具注册表中的页面';
    refuseNextSave(refusal);
    mountDocument('sidebar');
    await rowOf('image');
    await saveAndSeeRefusal(refusal);
    expectMarked(await rowOf('image'), true);
    expectMarked(await rowOf('chat'), false);
    fireEvent.click(screen.getByTestId('sidebar-edit-image'));
    expect(await refusalsIn('sidebar-drawer', refusal)).toHaveLength(1);
    expect(within(screen.getByTestId('sidebar-child-0')).getByText(refusal)).toBeTruthy();
  });
});
