import { useState } from 'react';
import { App, Button, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { MSG, toolById, type ToolRunItem } from '@wanxiang/contract';
import { Markdown } from '../../components/markdown';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useUserStore } from '../../stores/user';
import { ToolHistoryList } from '../../tools/ToolHistoryList';
import { useToolHistory } from '../../tools/useToolHistory';
import styles from '../../tools/tools.module.css';

const CHART_TOOL = toolById('aiChart')!;

/** The AI图表 form, prefilled with a saved run's inputs (its ?field=value query). */
function reopenLink(run: ToolRunItem): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(run.inputs)) q.set(k, String(v));
  return `${CHART_TOOL.paths[0]}?${q.toString()}`;
}

/**
 * 图表记录 (/aiChart/aicharthistory): the user's saved AI图表 runs (the tools' history API, owner
 * only): pick one to see its chart again (PNG/SVG export on the chart), reopen its inputs in the
 * tool, or delete it.
 */
export default function ChartHistoryPage({ title }: { title?: string }) {
  const { message } = App.useApp();
  const mobile = useIsMobile();
  const loggedIn = useUserStore((s) => !!s.user);
  const history = useToolHistory(CHART_TOOL.id, loggedIn);
  const [open, setOpen] = useState<ToolRunItem | null>(null);
  // The run shown is the picked one, else the newest.
  const shown = open && history.list.some((r) => r.id === open.id) ? open : (history.list[0] ?? null);

  const remove = async (run: ToolRunItem) => {
    if (await history.remove(run.id)) {
      message.success(MSG.chartHistoryDeleted);
      if (open?.id === run.id) setOpen(null);
    }
  };

  return (
    <div className={`${styles.page}${mobile ? ` ${styles.mobile}` : ''}`} data-testid="chart-history-page">
      <section className={styles.formPane}>
        <div className={styles.header}>
          <span className={styles.icon}>🗂️</span>
          <div>
            <h1 className={styles.title}>{title ?? '图表记录'}</h1>
            <p className={styles.description}>{toolById('aiChartHistory')?.description}</p>
          </div>
        </div>
        <Link to={CHART_TOOL.paths[0]!}>
          <Button type="primary" icon={<PlusOutlined />} block style={{ marginBottom: 12 }}>
            {MSG.chartHistoryNew}
          </Button>
        </Link>
        <ToolHistoryList history={history} fields={CHART_TOOL.fields} loggedIn={loggedIn} activeId={shown?.id ?? null} onOpen={setOpen} onDelete={(r) => void remove(r)} />
      </section>
      <section className={styles.resultPane} data-testid="chart-history-view">
        {shown ? (
          <>
            <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
              <Link to={reopenLink(shown)}>{MSG.chartHistoryOpenInTool}</Link>
            </div>
            <Markdown text={shown.content} streaming={false} />
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loggedIn && !history.loading ? MSG.chartHistoryEmpty : MSG.chartHistoryPick} />
        )}
      </section>
    </div>
  );
}
