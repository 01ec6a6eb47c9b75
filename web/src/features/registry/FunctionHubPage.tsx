import { useMemo, useState } from 'react';
import { Empty, Input, Segmented } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { InfoLayout } from '../info/InfoLayout';
import { filterItems, functionItems, functionViewOf, galleryItems, groupItems, type FunctionView } from './gallery';
import { GROUP_LABELS, T } from './texts';
import { ToolGrid } from './ToolGrid';
import styles from './registry.module.css';

const VIEWS: { value: FunctionView; label: string }[] = [
  { value: 'all', label: '全部功能' },
  { value: 'image', label: '图像工具' },
  { value: 'office', label: '办公工具' },
  { value: 'study', label: '学习工具' },
];

const LEADS: Record<FunctionView, string> = {
  all: '万象 AI 的全部功能，按类别排列；灰色的功能即将上线。',
  image: '绘画、写真、设计与图表：和图像有关的工具都在这里。',
  office: '写作、文档、翻译、PPT 与思维导图，让办公更省力。',
  study: '学术搜索、论文、翻译与学习助手。',
};

/** /function/all, /function/image, /function/office, /function/study: the registry as a searchable tool grid. */
export default function FunctionHubPage({ title }: { title?: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const view = functionViewOf(pathname);
  const [query, setQuery] = useState('');
  const all = useMemo(() => galleryItems(), []);
  const sections = useMemo(() => groupItems(filterItems(functionItems(all, view), query)), [all, view, query]);

  return (
    <InfoLayout title={title ?? '全部功能'} lead={LEADS[view]}>
      <div className={styles.toolbar}>
        <Segmented options={VIEWS} value={view} onChange={(v) => navigate(`/function/${v}`)} data-testid="function-views" />
        <Input.Search
          className={styles.search}
          allowClear
          placeholder={T.searchPlaceholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="function-search"
        />
      </div>
      {sections.length === 0 && <Empty description={T.empty} />}
      {sections.map((s) => (
        <section key={s.group} className={styles.section} data-testid="function-section">
          <h2 className={styles.sectionTitle}>
            {GROUP_LABELS[s.group]}
            <span className={styles.sectionCount}>{T.countOf(s.items.length)}</span>
          </h2>
          <ToolGrid items={s.items} />
        </section>
      ))}
    </InfoLayout>
  );
}
