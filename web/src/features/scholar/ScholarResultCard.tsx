import { Card, Tag, Typography } from 'antd';
import { MSG, type AcademicResult } from '@wanxiang/contract';
import { DocActions } from './DocActions';
import type { DocTools } from './useDocTools';
import styles from './scholar.module.css';

/** One academic result (3): title (a link), authors, year, publisher, abstract, tags and the document actions. */
export function ScholarResultCard({ item, tools }: { item: AcademicResult; tools: DocTools }) {
  const yearText = /^\d{4}$/.test(item.year) ? `${item.year}${MSG.scholarYearSuffix}` : MSG.scholarUnknownYear;
  return (
    <Card size="small" className={styles.card} data-testid="scholar-result">
      <Typography.Link href={item.link || undefined} target="_blank" rel="noopener noreferrer" className={styles.cardTitle}>
        {item.title}
      </Typography.Link>
      <div className={styles.meta}>
        {item.author && <span>{item.author}</span>}
        <span>{yearText}</span>
        {item.publisher && <span>{item.publisher}</span>}
      </div>
      {item.content && <Typography.Paragraph className={styles.abstract}>{item.content}</Typography.Paragraph>}
      {item.tags.length > 0 && (
        <div className={styles.tags}>
          {item.tags.map((t) => (
            <Tag key={t}>{t}</Tag>
          ))}
        </div>
      )}
      <DocActions link={item.link} tools={tools} />
    </Card>
  );
}
