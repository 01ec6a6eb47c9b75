import { useMemo } from 'react';
import { Tabs } from 'antd';
import { TOOL_SCENARIOS, type ToolScenario } from '@wanxiang/contract';
import { useSearchParams } from 'react-router';
import { InfoLayout } from '../info/InfoLayout';
import { galleryItems, scenarioItems } from './gallery';
import { SCENARIO_LABELS } from './texts';
import { ToolGrid } from './ToolGrid';

const LEAD = '按使用场景挑选工具：办公、学习、生活、创作、图像与音视频。';

/** The tab of the address: ?s=study, or the header's ?index=1 (a tab's position), else the first. */
function scenarioOf(params: URLSearchParams): ToolScenario {
  const byName = TOOL_SCENARIOS.find((s) => s === params.get('s'));
  return byName ?? TOOL_SCENARIOS[Number(params.get('index'))] ?? 'office';
}

/** /stage (AI场景): the registry's tools by scenario, one tab each (?s= keeps the tab in the address). */
export default function StagePage({ title }: { title?: string }) {
  const [params, setParams] = useSearchParams();
  const active = scenarioOf(params);
  const all = useMemo(() => galleryItems(), []);
  return (
    <InfoLayout title={title ?? 'AI场景'} lead={LEAD}>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ s: key }, { replace: true })}
        items={TOOL_SCENARIOS.map((s) => ({
          key: s,
          label: SCENARIO_LABELS[s],
          children: <ToolGrid items={scenarioItems(all, s)} />,
        }))}
      />
    </InfoLayout>
  );
}
