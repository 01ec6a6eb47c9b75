import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { ADMIN_CONSOLE_MSG as T, MSG, ADMIN_PAGE_SIZE_DEFAULT, type AdminAuditItem } from '@wanxiang/contract';
import { adminAudit } from '../../../api/admin';
import { PageHead } from '../PageHead';
import { formatTime } from '../format';
import { useLoad } from '../useLoad';
import { AuditDiff } from './AuditDiff';
import { changeSummary } from './audit-diff';
import adminStyles from '../admin.module.css';
import styles from './audit.module.css';

/** The filter's choices: each area as a prefix (user.), then every action code the log knows by name. */
const ACTION_OPTIONS = [
  ...Object.entries(T.auditAreaNames).map(([area, name]) => ({ label: T.auditActionArea(name), value: `${area}.` })),
  ...Object.entries(MSG.adminActionNames).map(([code, name]) => ({ label: `${name}（${code}）`, value: code })),
];

const actorText = (a: AdminAuditItem) => `${MSG.adminActorNames[a.actorKind] ?? a.actorKind}${a.actorId ? ` #${a.actorId}` : ''}`;

const columns: TableColumnsType<AdminAuditItem> = [
  { title: T.colTime, dataIndex: 'at', width: 190, render: (v: string) => formatTime(v) },
  {
    title: T.colActor,
    width: 130,
    render: (_v, a) => (a.actorKind === 'admin' && a.actorId ? <Link to={`/admin/users/${a.actorId}`}>{actorText(a)}</Link> : actorText(a)),
  },
  {
    title: T.colAction,
    dataIndex: 'action',
    width: 110,
    render: (v: string) => <Tag title={v}>{MSG.adminActionNames[v] ?? v}</Tag>,
  },
  {
    title: T.colTarget,
    width: 120,
    render: (_v, a) => (a.targetType === 'user' ? <Link to={`/admin/users/${a.targetId}`}>{`user:${a.targetId}`}</Link> : `${a.targetType}:${a.targetId}`),
  },
  { title: T.colDetail, ellipsis: true, render: (_v, a) => changeSummary(a.before, a.after) || T.auditNoChange },
  // Left out on a tablet (below 1200 px): the change summary needs the room more.
  { title: T.colIp, dataIndex: 'ip', width: 130, responsive: ['xl'] },
];

interface Filters {
  action?: string;
  target?: string;
}

/** 审计日志: every admin action, newest first, filtered by action (or area) and target; a row opens its before/after. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const target = params.get('target') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, loading, error, reload } = useLoad(`audit:${action}:${target}:${page}`, (signal) =>
    adminAudit({ action, target, page, size: ADMIN_PAGE_SIZE_DEFAULT }, { signal }),
  );

  const apply = (f: Filters) => {
    const next = new URLSearchParams();
    if (f.action) next.set('action', f.action);
    if (f.target?.trim()) next.set('target', f.target.trim());
    setParams(next);
  };

  return (
    <div data-testid="admin-audit">
      <PageHead title={T.navAudit} />
      <Form<Filters> key={`${action}|${target}`} layout="inline" className={styles.filters} initialValues={{ action: action || undefined, target }} onFinish={apply}>
        <Form.Item name="action" label={T.auditAction}>
          <Select allowClear showSearch placeholder={T.auditActionAll} options={ACTION_OPTIONS} style={{ width: 220 }} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="target" label={T.auditTarget}>
          <Input allowClear placeholder={T.auditTargetPlaceholder} maxLength={97} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {T.auditSearch}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button onClick={() => setParams(new URLSearchParams())}>{T.auditReset}</Button>
        </Form.Item>
      </Form>
      {error && (
        <Alert
          type="error"
          showIcon
          className={adminStyles.block}
          title={error}
          action={
            <Button size="small" onClick={reload}>
              {T.retry}
            </Button>
          }
        />
      )}
      <Table<AdminAuditItem>
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={{ x: 760 }}
        expandable={{ expandedRowRender: (a) => <AuditDiff before={a.before} after={a.after} />, expandRowByClick: true }}
        pagination={{
          current: page,
          pageSize: ADMIN_PAGE_SIZE_DEFAULT,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => T.auditTotal(n),
          onChange: (p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          },
        }}
      />
    </div>
  );
}
