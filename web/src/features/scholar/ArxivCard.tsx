import { Card, Space, Tag, Tooltip, Typography } from 'antd';
import { MSG, type ArxivItem } from '@wanxiang/contract';
import { clipTitle } from './text';
import styles from './scholar.module.css';

/** An arXiv paper (3): title cut at 30 characters (full text in the tooltip), authors, categories, summary, PDF and 原文. */
export function ArxivCard({ item }: { item: ArxivItem }) {
  return (
    <Card size="small" className={styles.card} data-testid="arxiv-item">
      <Tooltip title={item.title}>
        <Typography.Link href={item.abs} target="_blank" rel="noopener noreferrer" className={styles.cardTitle} aria-label={item.title}>
          {clipTitle(item.title)}
        </Typography.Link>
      </Tooltip>
      <div className={styles.meta}>
        <span>{item.authors.join(', ')}</span>
        {item.published && <span>{item.published}</span>}
      </div>
      <div className={styles.tags}>
        {item.categories.map((c) => (
          <Tag key={c} color={c === item.categories[0] ? 'blue' : undefined}>
            {c}
          </Tag>
        ))}
      </div>
      <Typography.Paragraph className={styles.abstract} ellipsis={{ rows: 3, expandable: true, symbol: '…' }}>
        {item.summary}
      </Typography.Paragraph>
      <Space>
        <Typography.Link href={item.pdf} target="_blank" rel="noopener noreferrer">
          {MSG.arxivPdf}
        </Typography.Link>
        <Typography.Link href={item.abs} target="_blank" rel="noopener noreferrer">
          {MSG.arxivAbs}
        </Typography.Link>
      </Space>
    </Card>
  );
}
