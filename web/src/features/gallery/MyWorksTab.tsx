import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, DatePicker, Empty, Pagination, Select, Spin } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { TOOLS, type ImgCreationPage } from '@wanxiang/contract';
import { deleteCreation, fetchCreations, type CreationFilter } from '../../api/img-gallery';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { CreationCard } from './CreationCard';
import { T } from './texts';
import styles from './gallery.module.css';

/** The tools whose results are pictures (what the creations list holds), for the tool filter. */
const IMAGE_TOOLS = TOOLS.filter((t) => t.kind === 'task' && t.output === 'image');

/**
 * 我的作品 (login needed): the user's finished pictures by tool and day, newest first, 20 a page;
 * download, 画同款 (the tool's form prefilled), publish to the square, delete.
 */
export function MyWorksTab({ onViewOnSquare }: { onViewOnSquare: (id: number) => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => !!s.user);
  const [filter, setFilter] = useState<CreationFilter>({ page: 1 });
  const [data, setData] = useState<ImgCreationPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const toolOptions = useMemo(() => [{ value: '', label: T.allTools }, ...IMAGE_TOOLS.map((t) => ({ value: t.id, label: t.title }))], []);

  const load = useCallback(() => {
    if (!loggedIn) return;
    setLoading(true);
    setError('');
    fetchCreations(filter)
      .then(setData)
      .catch((err: unknown) => setError(err instanceof RequestError && err.msg ? err.msg : T.mineLoadFailed))
      .finally(() => setLoading(false));
  }, [filter, loggedIn]);
  useEffect(load, [load]);

  if (!loggedIn)
    return (
      <div className={styles.state} data-testid="mine-login">
        <Empty description={T.mineLogin} />
        <Button type="primary" onClick={() => openLoginDialog()}>
          {T.loginButton}
        </Button>
      </div>
    );

  const remove = async (taskId: string) => {
    try {
      await deleteCreation(taskId);
      void message.success(T.deleted);
      // The last card of a later page gone: step back a page, else reload this one.
      if (data && data.list.length === 1 && filter.page > 1) setFilter((f) => ({ ...f, page: f.page - 1 }));
      else load();
    } catch (err) {
      void message.error(err instanceof RequestError && err.msg ? err.msg : T.deleteFailed);
    }
  };

  const filtered = Boolean(filter.tool || filter.date);
  return (
    <div data-testid="mine-tab">
      <div className={styles.filters}>
        <Select
          aria-label={T.pickTool}
          value={filter.tool ?? ''}
          options={toolOptions}
          style={{ minWidth: 180 }}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(v: string) => setFilter((f) => ({ ...f, tool: v || undefined, page: 1 }))}
          data-testid="mine-tool"
        />
        <DatePicker
          aria-label={T.pickDate}
          placeholder={T.pickDate}
          value={filter.date ? dayjs(filter.date) : null}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(d) => setFilter((f) => ({ ...f, date: d ? d.format('YYYY-MM-DD') : undefined, page: 1 }))}
          data-testid="mine-date"
        />
      </div>
      {error ? (
        <div className={styles.state} role="alert">
          <Empty description={error} />
          <Button onClick={load}>{T.retry}</Button>
        </div>
      ) : !data ? (
        <div className={styles.state}>
          <Spin />
        </div>
      ) : data.list.length === 0 ? (
        <div className={styles.state} data-testid="mine-empty">
          <Empty description={filtered ? T.mineFilteredEmpty : T.mineEmpty} />
          {!filtered && (
            <Button type="primary" onClick={() => navigate('/draw/text2image')}>
              {T.goDraw}
            </Button>
          )}
        </div>
      ) : (
        <Spin spinning={loading}>
          <div className={styles.grid} data-testid="mine-list">
            {data.list.map((c) => (
              <CreationCard
                key={c.task_id}
                item={c}
                actions={{
                  onReuse: () => navigate(c.reusePath),
                  onDelete: () => remove(c.task_id),
                  onPublished: (id) => setData((d) => (d ? { ...d, list: d.list.map((x) => (x.task_id === c.task_id ? { ...x, publishedId: id } : x)) } : d)),
                  onViewOnSquare,
                }}
              />
            ))}
          </div>
        </Spin>
      )}
      {data && data.total > data.size && (
        <div className={styles.pager}>
          <Pagination current={filter.page} pageSize={data.size} total={data.total} showSizeChanger={false} onChange={(page) => setFilter((f) => ({ ...f, page }))} />
        </div>
      )}
    </div>
  );
}
