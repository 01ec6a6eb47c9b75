import { useEffect, useState } from 'react';
import { App, Button, Dropdown, Tag, Tooltip, type MenuProps } from 'antd';
import { BookOutlined, CheckOutlined, ExperimentOutlined, GlobalOutlined, ReadOutlined, SearchOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useChatExtras } from '../../../stores/chat-extras';
import { useChatTool } from '../toolbar/chat-tool-context';
import { onChatTool } from '../toolbar/tool-bus';
import { useInternetSources } from './internet-sources';
import { isNetworkedModel, pickerLabel, pickSource } from './search-rules';
import styles from './search.module.css';

/** Catalog icon names (internet.json `icon`) to icons; an unknown name gets the globe. */
const ICONS: Record<string, React.ReactNode> = {
  global: <GlobalOutlined />,
  search: <SearchOutlined />,
  read: <ReadOutlined />,
  book: <BookOutlined />,
  experiment: <ExperimentOutlined />,
};
const OFF_KEY = '__off__';
const NOTE_KEY = '__note__';

/**
 * The web-search bottom tool (docs/product/search.md §4): a menu of 不启用 and the operator's sources. The
 * choice is stored in the chat extras (`internet` of the next requests). Attachments and search
 * do not mix: picking a source with attachments is refused, and attaching a file while search is
 * on switches it off, each with 附件暂不支持联网搜索. Networked models always search, so the tool
 * only says so for them.
 */
export function SearchSourcePicker() {
  const { message } = App.useApp();
  const { model, mobile } = useChatTool();
  const internet = useChatExtras((s) => s.internet);
  const attachments = useChatExtras((s) => s.attachments.length);
  const { list, demo, available, status, load } = useInternetSources();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => onChatTool('search', () => setOpen(true)), []);

  // A file attached while search is on: the attachment wins, search goes off.
  useEffect(() => {
    if (internet && attachments > 0) {
      useChatExtras.getState().setInternet('');
      void message.warning(MSG.searchWithAttachments);
    }
  }, [internet, attachments, message]);

  if (isNetworkedModel(model)) {
    return (
      <Tooltip title={mobile ? MSG.searchAlwaysOn : undefined}>
        <Tag color="processing" icon={<GlobalOutlined />} className={styles.alwaysOn} data-testid="search-picker" data-on="true">
          {mobile ? null : MSG.searchAlwaysOn}
        </Tag>
      </Tooltip>
    );
  }

  const choose = (key: string) => {
    setOpen(false);
    const result = pickSource(key, list, attachments);
    if (!result.ok) {
      void message.warning(result.msg);
      return;
    }
    if (result.key === internet) return;
    useChatExtras.getState().setInternet(result.key);
    void message.success(result.msg);
  };

  const check = (on: boolean) => (on ? <CheckOutlined /> : null);
  const items: MenuProps['items'] = [
    { key: OFF_KEY, label: MSG.searchOffLabel, icon: <GlobalOutlined />, extra: check(!internet) },
    { type: 'divider' },
    ...list.map((s) => ({
      key: s.key,
      label: s.label,
      title: s.description,
      icon: ICONS[s.icon] ?? <GlobalOutlined />,
      disabled: !s.enabled,
      extra: check(internet === s.key),
    })),
    // Say up front what the answer would say: demo results, or no search backend at all.
    ...(demo || (status === 'ready' && !available)
      ? [
          { type: 'divider' as const },
          {
            key: NOTE_KEY,
            disabled: true,
            label: <div className={styles.demoNote}>{demo ? MSG.searchDemoNote : MSG.searchNotConfigured}</div>,
          },
        ]
      : []),
  ];

  const on = Boolean(internet);
  const label = pickerLabel(internet, list);
  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
      trigger={['click']}
      placement="topLeft"
      menu={{
        items,
        selectable: true,
        selectedKeys: [internet || OFF_KEY],
        onClick: ({ key }) => {
          if (key !== NOTE_KEY) choose(key === OFF_KEY ? '' : key);
        },
      }}
    >
      <Button
        size="small"
        shape="round"
        type={on ? 'primary' : 'default'}
        ghost={on}
        icon={<GlobalOutlined />}
        className={styles.picker}
        data-testid="search-picker"
        data-on={on ? 'true' : 'false'}
        aria-label={MSG.searchPickerTitle}
      >
        {mobile && !on ? null : <span className={styles.pickerLabel}>{label}</span>}
      </Button>
    </Dropdown>
  );
}
