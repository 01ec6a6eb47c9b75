import type { ReactNode } from 'react';
import { Button, Input, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import styles from './search.module.css';

/**
 * The landing of a search mode (docs/product/search.md §2), shared by every mode: a title, a
 * search box with 搜索一下, example questions and quick links. `extra` sits under the box
 * (mode 1's search-type selector); `children` below everything (hot cards, tool grid).
 */
export interface SearchHeroProps {
  title: string;
  subtitle?: string;
  value: string;
  onChange: (v: string) => void;
  onSearch: (q: string) => void;
  loading?: boolean;
  /** Text of the button while `loading` (the unified page shows 搜索中). */
  loadingText?: string;
  placeholder?: string;
  examples?: string[];
  quickLinks?: { label: string; onClick: () => void }[];
  extra?: ReactNode;
  children?: ReactNode;
}

export function SearchHero(p: SearchHeroProps) {
  return (
    <div className={styles.hero}>
      <Typography.Title level={2} className={styles.heroTitle}>
        {p.title}
      </Typography.Title>
      {p.subtitle && <Typography.Paragraph className={styles.heroSubtitle}>{p.subtitle}</Typography.Paragraph>}
      <SearchBox {...p} />
      {p.extra}
      {p.examples && p.examples.length > 0 && (
        <div className={styles.examples}>
          <span className={styles.examplesLabel}>{MSG.searchExamplesTitle}</span>
          {p.examples.map((q) => (
            <Tag key={q} className={styles.example} onClick={() => p.onSearch(q)}>
              {q}
            </Tag>
          ))}
        </div>
      )}
      {p.quickLinks && p.quickLinks.length > 0 && (
        <div className={styles.examples}>
          <span className={styles.examplesLabel}>{MSG.searchQuickLinksTitle}</span>
          {p.quickLinks.map((l) => (
            <Button key={l.label} size="small" type="link" onClick={l.onClick}>
              {l.label}
            </Button>
          ))}
        </div>
      )}
      {p.children}
    </div>
  );
}

/** The box and its 搜索一下 button; Enter searches too. */
export function SearchBox(p: Pick<SearchHeroProps, 'value' | 'onChange' | 'onSearch' | 'loading' | 'loadingText' | 'placeholder'>) {
  return (
    <div className={styles.searchBox}>
      <Input
        size="large"
        allowClear
        value={p.value}
        maxLength={500}
        placeholder={p.placeholder ?? MSG.searchPlaceholder}
        prefix={<SearchOutlined />}
        onChange={(e) => p.onChange(e.target.value)}
        onPressEnter={() => p.onSearch(p.value)}
        aria-label={MSG.searchPlaceholder}
      />
      <Button size="large" type="primary" loading={p.loading} onClick={() => p.onSearch(p.value)}>
        {p.loading && p.loadingText ? p.loadingText : MSG.searchButton}
      </Button>
    </div>
  );
}
