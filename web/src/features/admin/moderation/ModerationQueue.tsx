import { useState } from 'react';
import { Button, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { ADMIN_MODERATION_MSG as M, ADMIN_PAGE_SIZE_DEFAULT, type ModPage } from '@wanxiang/contract';
import { useLoad } from '../useLoad';
import { QueueFrame } from './QueueFrame';
import { ReasonModal } from './ReasonModal';
import { useModAction } from './useModAction';

/** The text dialog an action opens: a required reason (reject, take down) or an optional note (dismiss, confirm). */
export interface ReasonAsk {
  title: string;
  required: boolean;
  danger: boolean;
  invalidText: string;
  doneText: string;
  submit: (text: string) => Promise<object>;
}

/** One button of a row: it either runs at once (`run`, after `confirm` when set) or asks for a text first (`ask`). */
export interface RowAction {
  key: string;
  label: string;
  testId: string;
  danger?: boolean;
  /** A Popconfirm title before a one-click action. */
  confirm?: string;
  run?: { call: () => Promise<object>; doneText: string };
  ask?: ReasonAsk;
}

export interface QueueConfig<T extends { id: number }, S extends string> {
  /** Part of the load key: one queue's pages never stand in for another's. */
  name: string;
  statuses: readonly S[];
  statusNames: Record<string, string>;
  initialStatus: S;
  load: (q: { status: S; page: number; size: number }, opts: { signal: AbortSignal }) => Promise<ModPage<T>>;
  /** The queue's own columns; the actions column is added after them. */
  columns: TableColumnsType<T>;
  /** The buttons a row offers in the shown status (none: an empty cell). */
  actions: (item: T, status: S) => RowAction[];
}

/**
 * One moderation queue (角色审核, 模型举报, 对话举报, 作品广场): a status filter, a paged table of the server's items, and
 * per row the actions its status allows. One-click actions toast the server's answer and reload; the others open the
 * reason dialog, which keeps the server's refusal in view. Each queue only says what its rows show and do.
 */
export function ModerationQueue<T extends { id: number }, S extends string>({ config }: { config: QueueConfig<T, S> }) {
  const [status, setStatus] = useState<S>(config.initialStatus);
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<ReasonAsk | null>(null);
  const { data, loading, error, reload } = useLoad(`${config.name}:${status}:${page}`, (signal) =>
    config.load({ status, page, size: ADMIN_PAGE_SIZE_DEFAULT }, { signal }),
  );
  const { busy, act } = useModAction(reload);

  const button = (a: RowAction) => {
    const onClick = a.ask ? () => setAsking(a.ask!) : a.run && !a.confirm ? () => void act(a.run!.call, a.run!.doneText) : undefined;
    const b = (
      <Button key={a.key} type="link" size="small" danger={a.danger} disabled={!!a.run && busy} onClick={onClick} data-testid={a.testId}>
        {a.label}
      </Button>
    );
    if (!a.confirm || !a.run) return b;
    const run = a.run;
    return (
      <Popconfirm key={a.key} title={a.confirm} onConfirm={() => void act(run.call, run.doneText)}>
        {b}
      </Popconfirm>
    );
  };

  const columns: TableColumnsType<T> = [
    ...config.columns,
    {
      title: M.modActions,
      width: 150,
      render: (_v, item) => {
        const actions = config.actions(item, status);
        return actions.length > 0 ? <Space size={0}>{actions.map(button)}</Space> : null;
      },
    },
  ];

  return (
    <QueueFrame
      statuses={config.statuses}
      names={config.statusNames}
      status={status}
      onStatus={(s) => {
        setStatus(s);
        setPage(1);
      }}
      error={error}
      reload={reload}
    >
      <Table<T>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        locale={{ emptyText: M.modEmpty }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
      {asking && (
        <ReasonModal
          title={asking.title}
          required={asking.required}
          danger={asking.danger}
          invalidText={asking.invalidText}
          doneText={asking.doneText}
          onSubmit={asking.submit}
          onClose={() => setAsking(null)}
          onDone={() => {
            setAsking(null);
            reload();
          }}
        />
      )}
    </QueueFrame>
  );
}
