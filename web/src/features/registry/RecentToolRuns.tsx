import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Spin } from 'antd';
import { Link } from 'react-router';
import { fetchRecentToolRuns, type ToolRunsRes } from '../../api/tools';
import { recentRunView, type RecentRunView } from './recent-runs';
import { T } from './texts';
import registry from './registry.module.css';
import styles from './RecentToolRuns.module.css';

/** How many of the latest runs the board shows; the tool pages keep the whole history. */
const SHOWN = 5;
const EMPTY = '还没有使用过工具，生成的内容会出现在这里';
const BROWSE = '去看看全部功能';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; runs: RecentRunView[]; total: number };

function RunRow({ run }: { run: RecentRunView }) {
  const inner = (
    <>
      <span className={styles.icon} aria-hidden>
        {run.icon}
      </span>
      <span className={styles.body}>
        <span className={styles.head}>
          <span className={styles.title}>{run.title}</span>
          <span className={styles.time}>{run.time}</span>
        </span>
        {run.excerpt && <span className={styles.excerpt}>{run.excerpt}</span>}
      </span>
    </>
  );
  return (
    <li className={styles.item} data-testid="recent-run">
      {run.link ? (
        <Link to={run.link} className={styles.link}>
          {inner}
        </Link>
      ) : (
        <div className={styles.link}>{inner}</div>
      )}
    </li>
  );
}

/** /board 最近使用的工具: the signed-in user's latest runs of any tool, each a link to its tool's page. */
export function RecentToolRuns() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const ctrl = new AbortController();
    setLoaded({ state: 'loading' });
    fetchRecentToolRuns(SHOWN, ctrl.signal)
      .then((res: ToolRunsRes) => {
        if (!ctrl.signal.aborted) setLoaded({ state: 'ready', runs: res.list.map(recentRunView), total: res.total });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setLoaded({ state: 'failed' });
      });
    return () => ctrl.abort();
  }, [attempt]);

  return (
    <section className={registry.panel} data-testid="board-recent-runs">
      <h2 className={registry.panelTitle}>
        最近使用的工具
        {loaded.state === 'ready' && loaded.total > 0 && <span className={registry.muted}> · 共 {loaded.total} 次</span>}
      </h2>
      {loaded.state === 'loading' && <Spin />}
      {loaded.state === 'failed' && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.loadFailed}>
          <Button onClick={retry}>{T.retry}</Button>
        </Empty>
      )}
      {loaded.state === 'ready' &&
        (loaded.runs.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY} data-testid="recent-runs-empty">
            <Link to="/function/all">{BROWSE}</Link>
          </Empty>
        ) : (
          <ul className={styles.list}>
            {loaded.runs.map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </ul>
        ))}
    </section>
  );
}
