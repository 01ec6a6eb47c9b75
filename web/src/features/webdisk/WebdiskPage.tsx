import { useState } from 'react';
import { Button, Empty, Spin, Tabs, Typography } from 'antd';
import { MSG, type WebdiskChannel } from '@wanxiang/contract';
import { SearchBox, SearchHero } from '../search/SearchHero';
import { SearchLayout } from '../search/SearchLayout';
import { useSearchPage } from '../search/useSearchPage';
import { CloudResultItem } from './CloudResultItem';
import { useChannelList } from './useChannelList';
import { MAX_SUGGESTIONS, WEBDISK_TABS } from './webdisk-logic';
import styles from './webdisk.module.css';

const MODE = 5;
const QUOTA_KEY = 'resource_cloud';
const TAB_LABELS: Record<WebdiskChannel, string> = {
  up1: MSG.webdiskTabUp1,
  up2: MSG.webdiskTabUp2,
  brother: MSG.webdiskTabBrother,
  aggregate: MSG.webdiskTabUp1,
};

/**
 * /aiSearch/webdisk (mode 5, 2.5): the landing (title, box, 搜索一下, up to 10 suggestions), then
 * the tabs UP云搜 / UP云搜2 / 兄弟盘, each a list with 查看, 复制链接, 举报 and load more; an empty
 * channel shows 暂无数据 with a retry and the hint to switch channels.
 */
export default function WebdiskPage() {
  const [keyword, setKeyword] = useState<string | null>(null);
  const [tab, setTab] = useState<WebdiskChannel>('up1');
  const list = useChannelList();
  const page = useSearchPage({
    mode: MODE,
    quotaKey: QUOTA_KEY,
    onSearch: (k) => {
      setKeyword(k);
      void list.start(k, tab);
    },
  });
  const { value, setValue } = page;
  const run = page.search;

  const switchTab = (next: string) => {
    const channel = next as WebdiskChannel;
    setTab(channel);
    if (keyword) void list.start(keyword, channel);
  };
  const back = () => {
    list.reset();
    setKeyword(null);
  };

  return (
    <SearchLayout
      {...page.layout}
      onBack={keyword ? back : undefined}
      backText={MSG.webdiskBack}
    >
      {keyword === null ? (
        <SearchHero
          title={MSG.webdiskTitle}
          subtitle={MSG.webdiskSubtitle}
          placeholder={MSG.webdiskPlaceholder}
          value={value}
          onChange={setValue}
          onSearch={(q) => void run(q)}
          examples={MSG.webdiskSuggestions.slice(0, MAX_SUGGESTIONS)}
        />
      ) : (
        <div className={styles.page}>
          <div className={styles.head}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {MSG.webdiskTitle}
            </Typography.Title>
            <SearchBox
              value={value}
              onChange={setValue}
              onSearch={(q) => void run(q)}
              loading={list.status === 'searching'}
              loadingText={MSG.webdiskSearching}
              placeholder={MSG.webdiskPlaceholder}
            />
          </div>
          <Tabs activeKey={tab} onChange={switchTab} items={WEBDISK_TABS.map((t) => ({ key: t, label: TAB_LABELS[t] }))} />
          <ChannelList list={list} />
        </div>
      )}
    </SearchLayout>
  );
}

function ChannelList({ list }: { list: ReturnType<typeof useChannelList> }) {
  if (list.status === 'searching') {
    return (
      <div className={styles.state}>
        <Spin />
      </div>
    );
  }
  if (list.status === 'failed' || (list.status === 'loaded' && list.items.length === 0)) {
    const failed = list.status === 'failed';
    return (
      <div className={styles.state}>
        <Empty description={failed ? MSG.webdiskSearchFailed : MSG.webdiskNoData}>
          {!failed && <Typography.Paragraph type="secondary">{MSG.webdiskChannelEmpty}</Typography.Paragraph>}
          <Button onClick={() => void list.retry()}>{MSG.webdiskRetry}</Button>
        </Empty>
      </div>
    );
  }
  return (
    <>
      {list.items.map((r, i) => (
        <CloudResultItem key={`${r.url}-${i}`} r={r} />
      ))}
      {list.items.length > 0 && (
        <div className={styles.footer}>
          <Button onClick={() => void list.more()} loading={list.loadingMore} disabled={!list.hasMore}>
            {list.hasMore ? MSG.webdiskLoadMore : MSG.webdiskNoMore}
          </Button>
        </div>
      )}
    </>
  );
}
