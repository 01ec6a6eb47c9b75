import { useMemo, useRef, useState } from 'react';
import { Button, Empty, Space, Spin, Tag, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { MSG, type WebResult } from '@wanxiang/contract';
import { numberSubmit } from '../../api/quota';
import { findWebsites } from './find-websites';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { SearchHero } from '../search/SearchHero';
import { SearchLayout } from '../search/SearchLayout';
import { useSearchPage } from '../search/useSearchPage';
import { pickRandom, safeHref, WEB_EXAMPLES_SHOWN } from './webdisk-logic';
import styles from './webdisk.module.css';

const MODE = 7;
const QUOTA_KEY = 'resource_website';

/**
 * /aiSearch/lookforweb (mode 7, 2.6, 4.3): the landing with random example keywords out of 20;
 * a search runs the find-websites agent and lists the sites under 以下是为您查找到的结果:, with
 * 返回搜索页 back to the landing. On success one resource_website use is reported.
 */
export default function LookForWebPage() {
  const [keyword, setKeyword] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [items, setItems] = useState<WebResult[]>([]);
  const examples = useMemo(() => pickRandom(MSG.lookforwebSamples, WEB_EXAMPLES_SHOWN), []);
  const abortRef = useRef<AbortController | null>(null);
  const page = useSearchPage({
    mode: MODE,
    quotaKey: QUOTA_KEY,
    onSearch: async (k) => {
      abortRef.current?.abort();
      const abort = new AbortController();
      abortRef.current = abort;
      setKeyword(k);
      setItems([]);
      setLoading(true);
      const res = await findWebsites(k, !page.isMobile, abort.signal);
      if (abort.signal.aborted) return;
      setLoading(false);
      if (res.refusal) {
        openGateRefusal(res.refusal.code, res.refusal.msg);
        return;
      }
      setItems(res.items);
      if (res.items.length > 0) void numberSubmit({ type: QUOTA_KEY, number: 1 }, { silent: true }).catch(() => undefined);
    },
  });
  const { value, setValue } = page;
  const run = page.search;

  const back = () => {
    abortRef.current?.abort();
    setLoading(false);
    setKeyword(null);
    setItems([]);
  };

  return (
    <SearchLayout
      {...page.layout}
      onBack={keyword !== null ? back : undefined}
      backText={MSG.lookforwebBack}
    >
      {keyword === null ? (
        <SearchHero
          title={MSG.lookforwebTitle}
          subtitle={MSG.lookforwebSubtitle}
          placeholder={MSG.lookforwebPlaceholder}
          value={value}
          onChange={setValue}
          onSearch={(q) => void run(q)}
          examples={examples}
        />
      ) : (
        <div className={styles.page}>
          <Typography.Title level={4}>{MSG.lookforwebResultsHeading}</Typography.Title>
          <div className={styles.query}>{keyword}</div>
          {loading ? (
            <div className={styles.state}>
              <Spin />
            </div>
          ) : items.length === 0 ? (
            <div className={styles.state}>
              <Empty description={MSG.lookforwebNone}>
                <Button onClick={() => void run(keyword)}>{MSG.webdiskRetry}</Button>
              </Empty>
            </div>
          ) : (
            items.map((r, i) => <SiteItem key={`${r.url}-${i}`} r={r} />)
          )}
        </div>
      )}
    </SearchLayout>
  );
}

function SiteItem({ r }: { r: WebResult }) {
  const href = safeHref(r.url);
  return (
    <div className={styles.site} data-testid="lookforweb-item">
      <div className={styles.siteTitle}>{r.title}</div>
      <div className={styles.siteDesc}>{r.describe}</div>
      <Space size={4} wrap>
        {r.type && <Tag color="blue">{r.type}</Tag>}
        {r.classify && <Tag color="green">{r.classify}</Tag>}
        {r.tag.map((t) => (
          <Tag key={t}>{t}</Tag>
        ))}
        <Button size="small" type="link" icon={<LinkOutlined />} disabled={!href} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {MSG.lookforwebOpen}
        </Button>
      </Space>
    </div>
  );
}
