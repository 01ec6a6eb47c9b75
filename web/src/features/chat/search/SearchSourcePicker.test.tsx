import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { App } from 'antd';
import { MSG, type InternetSource, type ModelEntry } from '@wanxiang/contract';
import { installJsdomShims } from '../../../components/testing/jsdom-shims';
import { useChatExtras, type Attachment } from '../../../stores/chat-extras';
import { ChatToolContext, type ChatToolApi } from '../toolbar/chat-tool-context';
import { openChatTool } from '../toolbar/tool-bus';
import { useInternetSources } from './internet-sources';
import { SearchSourcePicker } from './SearchSourcePicker';

const SOURCES: InternetSource[] = [
  { key: 'all', label: '综合搜索', icon: 'global', description: '汇总', enabled: true },
  { key: 'scholar', label: '学术论文', icon: 'experiment', description: '暂未开放', enabled: false },
];
const doc: Attachment = { uid: 'a1', name: '笔记.txt', type: 'doc', size: 10, status: 'complete', fileId: 'f1' };

function renderPicker(model: Partial<ModelEntry> = { internetModelType: '' }) {
  const api: ChatToolApi = {
    modelKey: 'v35',
    model: model as ModelEntry,
    mobile: false,
    sending: false,
    fillInput: () => undefined,
    send: () => true,
  };
  return render(
    <App>
      <ChatToolContext.Provider value={api}>
        <SearchSourcePicker />
      </ChatToolContext.Provider>
    </App>,
  );
}

const picker = () => screen.getByTestId('search-picker');
const openMenu = async () => {
  fireEvent.click(picker());
  await screen.findByText(MSG.searchOffLabel);
};

beforeAll(() => installJsdomShims());
beforeEach(() => {
  useChatExtras.setState({ internet: '', attachments: [], docMode: null });
  // Loaded: load() does nothing more.
  useInternetSources.setState({ list: SOURCES, available: true, demo: false, status: 'ready' });
});
afterEach(cleanup);

describe('SearchSourcePicker', () => {
  it('switches search on with a source and off with 不启用', async () => {
    renderPicker();
    expect(picker().textContent).toBe(MSG.searchToolLabel);
    await openMenu();
    fireEvent.click(screen.getByText('综合搜索'));
    expect(useChatExtras.getState().internet).toBe('all');
    await waitFor(() => expect(picker().textContent).toBe('综合搜索'));
    expect(picker().dataset.on).toBe('true');
    await openMenu();
    fireEvent.click(screen.getAllByText(MSG.searchOffLabel).at(-1)!);
    expect(useChatExtras.getState().internet).toBe('');
  });

  it('refuses a source while a file is attached, and a disabled source', async () => {
    useChatExtras.setState({ attachments: [doc], docMode: 'file' });
    renderPicker();
    await openMenu();
    fireEvent.click(screen.getByText('综合搜索'));
    expect(await screen.findByText(MSG.searchWithAttachments)).toBeTruthy();
    expect(useChatExtras.getState().internet).toBe('');
    // A disabled source cannot be picked at all.
    useChatExtras.setState({ attachments: [], docMode: null });
    await openMenu();
    fireEvent.click(screen.getByText('学术论文'));
    expect(useChatExtras.getState().internet).toBe('');
  });

  it('turns search off when a file is attached while it is on', async () => {
    useChatExtras.setState({ internet: 'all' });
    renderPicker();
    act(() => useChatExtras.setState({ attachments: [doc], docMode: 'file' }));
    expect(await screen.findByText(MSG.searchWithAttachments)).toBeTruthy();
    expect(useChatExtras.getState().internet).toBe('');
  });

  it('says when no search backend is configured, and opens from the tool bus', async () => {
    useInternetSources.setState({ available: false });
    renderPicker();
    act(() => openChatTool('search'));
    expect(await screen.findByText(MSG.searchNotConfigured)).toBeTruthy();
  });

  it('only says so for a networked model', () => {
    renderPicker({ internetModelType: 'search' });
    expect(picker().textContent).toBe(MSG.searchAlwaysOn);
    expect(screen.queryByText(MSG.searchOffLabel)).toBeNull();
  });
});
