import { useMemo, useState } from 'react';
import { Empty, Input, Tabs } from 'antd';
import type { ToolGroup } from '@wanxiang/contract';
import { InfoLayout } from '../info/InfoLayout';
import { appItems, filterItems } from './gallery';
import { GROUP_LABELS, T } from './texts';
import { ToolGrid } from './ToolGrid';
import styles from './registry.module.css';

const LEAD = '起名、解梦、写公文、出考题……填一张小表单，AI 马上给你结果。';

/** /AIApply (AI应用): the gallery of prompt tools, by category. */
export default function AiApplyPage({ title }: { title?: string }) {
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<'all' | ToolGroup>('all');
  const apps = useMemo(() => appItems(), []);
  const groups = useMemo(() => [...new Set(apps.map((a) => a.group))], [apps]);
  const shown = useMemo(() => {
    const inTab = tab === 'all' ? apps : apps.filter((a) => a.group === tab);
    return filterItems(
      inTab.map((t) => ({ ...t, path: t.paths[0]!, scenarios: t.scenarios ?? [], keywords: t.keywords ?? [] })),
      query,
    );
  }, [apps, tab, query]);

  return (
    <InfoLayout title={title ?? 'AI应用'} lead={LEAD}>
      <div className={styles.toolbar}>
        <Input.Search className={styles.search} allowClear placeholder={T.searchPlaceholder} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="apply-search" />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'all' | ToolGroup)}
        items={[{ key: 'all', label: T.all }, ...groups.map((g) => ({ key: g, label: GROUP_LABELS[g] }))]}
      />
      {shown.length === 0 ? <Empty description={T.empty} /> : <ToolGrid items={shown} linkOf={(i) => `/AIApplyDetail?id=${encodeURIComponent(i.id)}`} />}
    </InfoLayout>
  );
}
