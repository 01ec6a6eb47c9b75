import { useState } from 'react';
import { Alert, App, Button, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { ADMIN_CONSOLE_MSG as T, ADMIN_MONEY_MSG as M, ADMIN_PAGE_SIZE_DEFAULT, type AdminCardBatchItem, type AdminCardItem } from '@wanxiang/contract';
import { adminCardBatches, adminCards, adminVoidCard, downloadCsv } from '../../../api/admin-money';
import { PageHead } from '../PageHead';
import { formatTime } from '../format';
import { errorText, useLoad } from '../useLoad';
import { IssueCardsModal } from './IssueCardsModal';
import styles from '../admin.module.css';

const STATE_COLORS: Record<string, string> = { unused: 'green', used: 'blue', voided: 'red', expired: 'default' };

/** The cards of one batch, with 作废 for the unused ones. */
function BatchCards({ batch, onChanged }: { batch: string; onChanged: () => void }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const { data, loading, error, reload } = useLoad(`cards:${batch}:${page}`, (signal) => adminCards({ batch, page, size: ADMIN_PAGE_SIZE_DEFAULT }, { signal }));

  const voidCard = async (code: string) => {
    try {
      await adminVoidCard(code);
      void message.success(M.moneyCardVoidDone);
      reload();
      onChanged();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<AdminCardItem> = [
    { title: M.cardsCode, dataIndex: 'code', width: 190, render: (v: string) => <CodeText code={v} /> },
    { title: M.cardsState, dataIndex: 'state', width: 90, render: (v: string) => <Tag color={STATE_COLORS[v]}>{M.moneyCardStateNames[v]}</Tag> },
    { title: M.cardsUsedBy, dataIndex: 'usedBy', width: 100, render: (v: number | null) => (v === null ? T.none : `#${v}`) },
    { title: M.cardsUsedAt, dataIndex: 'usedAt', width: 170, render: (v: string | null) => formatTime(v) },
    {
      title: M.colActions,
      width: 80,
      render: (_v, c) =>
        c.state === 'unused' || c.state === 'expired' ? (
          <Popconfirm title={M.cardsVoidConfirm} okText={M.ok} cancelText={M.cancel} onConfirm={() => voidCard(c.code)}>
            <Button type="link" size="small" danger>
              {M.cardsVoid}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <>
      {error && <Alert type="error" showIcon title={error} />}
      <Table<AdminCardItem>
        rowKey="code"
        size="small"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        pagination={{ current: page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
    </>
  );
}

/** A code in a monospace font, selectable for copying. */
function CodeText({ code }: { code: string }) {
  return <span style={{ fontFamily: 'monospace' }}>{code}</span>;
}

/** 会员卡: batches (issued here or by the command line), issue a batch, export one as CSV, void unused cards. */
export function CardsPage() {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const { data, loading, error, reload } = useLoad(`batches:${page}`, (signal) => adminCardBatches(page, { signal }));

  const exportBatch = async (batch: string) => {
    try {
      await downloadCsv(`/admin/cards/batches/${encodeURIComponent(batch)}/cards.csv`, {}, `cards-${batch}.csv`);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<AdminCardBatchItem> = [
    { title: M.cardsBatch, dataIndex: 'batch', width: 170 },
    { title: M.cardsShop, width: 140, render: (_v, b) => `${b.shopName || T.none} #${b.shopId}` },
    { title: M.cardsTotal, dataIndex: 'count', width: 70, align: 'right' },
    { title: M.cardsUsed, dataIndex: 'used', width: 70, align: 'right' },
    { title: M.cardsVoided, dataIndex: 'voided', width: 70, align: 'right' },
    { title: M.cardsNote, dataIndex: 'note', width: 180, ellipsis: true, render: (v: string) => v || T.none },
    { title: M.cardsCreatedAt, dataIndex: 'createdAt', width: 170, responsive: ['xl'], render: (v: string) => formatTime(v) },
    {
      title: M.colActions,
      width: 100,
      render: (_v, b) => (
        <Button type="link" size="small" onClick={() => void exportBatch(b.batch)}>
          {M.exportCsv}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="admin-cards">
      <PageHead
        title={M.cardsTitle}
        extra={
          <Button type="primary" onClick={() => setIssuing(true)} data-testid="cards-issue">
            {M.cardsIssue}
          </Button>
        }
      />
      <Alert type="info" showIcon className={styles.block} title={M.cardsHint} />
      {error && (
        <Alert
          type="error"
          showIcon
          className={styles.block}
          title={error}
          action={
            <Button size="small" onClick={reload}>
              {T.retry}
            </Button>
          }
        />
      )}
      <Table<AdminCardBatchItem>
        rowKey="batch"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (b) => <BatchCards batch={b.batch} onChanged={reload} /> }}
        pagination={{ current: page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
      />
      {issuing && (
        <IssueCardsModal
          onClose={() => setIssuing(false)}
          onDone={() => {
            setIssuing(false);
            reload();
          }}
        />
      )}
    </div>
  );
}
