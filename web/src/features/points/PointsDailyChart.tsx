import { COMFORT_MSG as T, MSG, type PointsDaily } from '@wanxiang/contract';
import { pointsDaily } from '../../api/points';
import { DailyChartPanel } from '../../components/charts/DailyChartPanel';
import { pointsDailyOption } from '../../components/charts/daily-options';

const DAYS = 30;
const load = (signal: AbortSignal) => pointsDaily({ days: DAYS }, { silent: true, signal });
const isEmpty = (d: PointsDaily) => d.income.every((v) => v === 0) && d.expense.every((v) => v === 0);

/** 积分明细: points credited and spent per day over the last 30 days. */
export function PointsDailyChart() {
  return (
    <DailyChartPanel
      title={T.pointsChartTitle(DAYS)}
      load={load}
      option={pointsDailyOption}
      isEmpty={isEmpty}
      empty={T.pointsChartEmpty(DAYS)}
      failed={MSG.usageFailed}
      testId="points-daily"
    />
  );
}
