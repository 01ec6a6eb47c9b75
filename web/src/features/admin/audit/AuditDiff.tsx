import { Col, Collapse, Row, Table, type TableColumnsType, Typography } from 'antd';
import { ADMIN_CONSOLE_MSG as T } from '@wanxiang/contract';
import { auditDiff, fieldLabel, prettyJson, type DiffRow } from './audit-diff';
import styles from './audit.module.css';

const columns: TableColumnsType<DiffRow> = [
  { title: T.auditField, dataIndex: 'field', width: 160, render: (v: string) => (v ? <span title={v}>{fieldLabel(v)}</span> : T.none) },
  // A changed side is marked only where it holds a value: a field that appeared has nothing to strike out before.
  { title: T.auditBefore, dataIndex: 'before', render: (v: string, r) => <span className={r.changed && v !== T.auditEmptyValue ? styles.removed : undefined}>{v}</span> },
  { title: T.auditAfter, dataIndex: 'after', render: (v: string, r) => <span className={r.changed && v !== T.auditEmptyValue ? styles.added : undefined}>{v}</span> },
];

/** An audit row's change: field by field (changed ones marked), and both whole values as JSON side by side. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = auditDiff(before, after);
  return (
    <div className={styles.diff} data-testid="audit-diff">
      <Table<DiffRow> rowKey={(r) => r.field || '-'} size="small" columns={columns} dataSource={rows} pagination={false} />
      <Collapse
        ghost
        size="small"
        items={[
          {
            key: 'json',
            label: T.auditShowJson,
            children: (
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Typography.Text type="secondary">{T.auditBefore}</Typography.Text>
                  <pre className={styles.json}>{prettyJson(before)}</pre>
                </Col>
                <Col xs={24} md={12}>
                  <Typography.Text type="secondary">{T.auditAfter}</Typography.Text>
                  <pre className={styles.json}>{prettyJson(after)}</pre>
                </Col>
              </Row>
            ),
          },
        ]}
      />
    </div>
  );
}
