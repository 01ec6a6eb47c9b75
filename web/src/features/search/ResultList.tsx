import { Button, Empty, List, Space, Tag, Typography } from 'antd';
import { CopyOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { MSG, type AcademicResult, type CloudResult } from '@wanxiang/contract';
import { feedback } from '../../components/feedback/holder';
import type { SourcePage } from './pager';
import styles from './search.module.css';

export type HubItem = AcademicResult | CloudResult;

const isAcademic = (i: HubItem): i is AcademicResult => 'publisher' in i || 'author' in i;
const safeHref = (u: string) => (/^https?:\/\//i.test(u) ? u : undefined);

/**
 * One source's results on the unified page (2.3, 4.1, 8): searching, failed (搜索失败... with
 * retry), empty (暂无数据 with retry), the list, and load more until 没有更多数据了.
 */
export function ResultList({ page, onRetry, onMore }: { page: SourcePage<HubItem>; onRetry: () => void; onMore: () => void }) {
  if (page.items.length === 0) {
    if (page.status === 'loading' || page.status === 'idle') return <List loading dataSource={[]} className={styles.resultList} />;
    return (
      <Empty description={page.status === 'failed' ? MSG.searchFailed : MSG.searchNoData}>
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          {MSG.searchRetry}
        </Button>
      </Empty>
    );
  }
  return (
    <div data-testid="hub-results">
      <List
        className={styles.resultList}
        dataSource={page.items}
        renderItem={(item, i) => <List.Item key={i}>{isAcademic(item) ? <AcademicRow r={item} /> : <CloudRow r={item} />}</List.Item>}
      />
      <Button block className={styles.more} loading={page.status === 'loading'} disabled={!page.hasMore} onClick={onMore}>
        {page.hasMore ? MSG.searchLoadMore : MSG.searchNoMore}
      </Button>
    </div>
  );
}

function AcademicRow({ r }: { r: AcademicResult }) {
  const href = safeHref(r.link || r.resource);
  return (
    <div className={styles.result}>
      <a className={styles.resultTitle} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {r.title}
      </a>
      <div className={styles.resultMeta}>{[r.author, r.publisher, r.year].filter(Boolean).join(' · ')}</div>
      {r.content && (
        <Typography.Paragraph ellipsis={{ rows: 3 }} className={styles.resultText}>
          {r.content}
        </Typography.Paragraph>
      )}
      {r.tags.length > 0 && (
        <Space size={4} wrap>
          {r.tags.slice(0, 5).map((t) => (
            <Tag key={t}>{t}</Tag>
          ))}
        </Space>
      )}
    </div>
  );
}

function CloudRow({ r }: { r: CloudResult }) {
  const href = safeHref(r.url);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(r.url);
      feedback().success(MSG.copySuccess);
    } catch {
      feedback().error(r.url);
    }
  };
  return (
    <div className={styles.result}>
      <span className={styles.resultTitle}>{r.title}</span>
      <div className={styles.resultMeta}>{[r.time, r.info, r.size].filter(Boolean).join(' · ')}</div>
      <div className={styles.resultUrl}>{r.url}</div>
      <Space size={4}>
        <Button size="small" icon={<EyeOutlined />} href={href} target="_blank" rel="noopener noreferrer nofollow" disabled={!href}>
          {MSG.searchView}
        </Button>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
          {MSG.searchCopyLink}
        </Button>
      </Space>
    </div>
  );
}
