import { COMFORT_MSG as T, MSG, type UsageDaily } from '@wanxiang/contract';
import { numberDaily } from '../../api/quota';
import { DailyChartPanel } from '../../components/charts/DailyChartPanel';
import { usageDailyOption } from '../../components/charts/daily-options';

const DAYS = 14;
const load = (signal: AbortSignal) => numberDaily({ days: DAYS }, { silent: true, signal });
const isEmpty = (d: UsageDaily) => d.series.length === 0;

/** 数据看板: counts used per model and tool per day over the last two weeks, stacked. */
export function UsageDailyChart() {
  return (
    <DailyChartPanel
      title={T.usageChartTitle(DAYS)}
      load={load}
      option={usageDailyOption}
      isEmpty={isEmpty}
      empty={T.usageChartEmpty(DAYS)}
      failed={MSG.usageFailed}
      testId="usage-daily"
    />
  );
}
