import { useEffect, useState } from 'react';
import { Button, DatePicker, Result, Spin, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { ARXIV_DIGEST_CATEGORIES, MSG, type ArxivItem } from '@wanxiang/contract';
import { listArxiv } from '../../api/scholar';
import { ArxivCard } from './ArxivCard';
import { LoadMore } from './ListFooter';
import { digestCategories } from './text';
import { usePagedSearch } from './usePagedSearch';
import styles from './scholar.module.css';

interface DigestQuery {
  category: string;
  date: string;
}

/** The arXiv digest (2.7): category chips, a date picker, cards with PDF and 原文, load more. Open to visitors. */
export function ArxivDigest() {
  const [category, setCategory] = useState('');
  const [date, setDate] = useState<Dayjs | null>(null);
  const list = usePagedSearch<ArxivItem, DigestQuery>((q, page, signal) =>
    listArxiv({ category: q.category, page, ...(q.date ? { date: q.date } : {}) }, signal),
  );
  const { start } = list;
  const day = date ? date.format('YYYY-MM-DD') : '';
  useEffect(() => {
    void start({ category, date: day });
  }, [category, day, start]);

  const chips = digestCategories(ARXIV_DIGEST_CATEGORIES, list.items);
  return (
    <section data-testid="arxiv-digest">
      <Typography.Title level={4}>{MSG.arxivDigest}</Typography.Title>
      <div className={styles.chips}>
        <Tag.CheckableTag checked={category === ''} onChange={() => setCategory('')}>
          {MSG.arxivAll}
        </Tag.CheckableTag>
        {chips.map((c) => (
          <Tag.CheckableTag key={c} checked={category === c} onChange={() => setCategory(c)}>
            {MSG.arxivCategoryNames[c] ? `${c} ${MSG.arxivCategoryNames[c]}` : c}
          </Tag.CheckableTag>
        ))}
        <DatePicker value={date} onChange={(d) => setDate(d)} placeholder={MSG.arxivPickDate} allowClear />
      </div>
      <div className={styles.list}>
        {list.status === 'searching' && (
          <div className={styles.empty}>
            <Spin />
          </div>
        )}
        {list.status === 'failed' && (
          <Result
            status="info"
            title={MSG.arxivEmpty}
            extra={<Button onClick={() => void start({ category, date: day })}>{MSG.scholarRetry}</Button>}
          />
        )}
        {list.items.map((item) => (
          <ArxivCard key={item.id} item={item} />
        ))}
        {list.status === 'loaded' && <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={() => void list.more()} />}
      </div>
    </section>
  );
}
