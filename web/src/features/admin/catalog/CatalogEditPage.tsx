import { useEffect, useState } from 'react';
import { Alert, App, Button, Input, InputNumber, Popconfirm, Space, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import { ADMIN_CATALOG_PAGE_MSG as C, CATALOG_DOCUMENTS, MSG, type AdminCatalogDocument, type CatalogDocumentName } from '@wanxiang/contract';
import { adminCatalogDocument, adminCatalogReset, adminCatalogSave } from '../../../api/admin-catalog';
import { PageHead } from '../PageHead';
import { errorText, useLoad } from '../useLoad';
import { changedCells, gridRows, isTiersContent, parseJson, withCount, type GridRow, type TiersContent } from './tiers-grid';
import styles from './catalog.module.css';

const isName = (v: string | undefined): v is CatalogDocumentName => (CATALOG_DOCUMENTS as readonly string[]).includes(v ?? '');

/**
 * /admin/catalog/:name: one document edited and saved whole, with the version it was loaded at (a save over someone
 * else's newer one is refused by the server and offers 重新加载). Tiers get a grid of daily counts; the others a JSON
 * editor. The server checks a save exactly as it checks the file at boot; its message is shown here and the edit kept.
 */
export function CatalogEditPage() {
  const { name } = useParams();
  const { data, loading, error, reload } = useLoad(`catalog:${name}`, (signal) => {
    if (!isName(name)) return Promise.reject(new Error(MSG.adminCatalogNameInvalid));
    return adminCatalogDocument(name, { signal });
  });
  return (
    <div data-testid="admin-catalog-edit">
      <PageHead title={data ? C.editing(data.label) : C.title} extra={<Link to="/admin/catalog">{C.back}</Link>}>
        {data && <Typography.Text type="secondary">{C.versionLine(data.version)}</Typography.Text>}
      </PageHead>
      {error && <Alert type="error" showIcon message={isName(name) ? error : MSG.adminCatalogNameInvalid} />}
      {loading && !data && <Spin />}
      {data && <Editor key={`${data.name}:${data.version}`} doc={data} onReload={reload} />}
    </div>
  );
}

function Editor({ doc, onReload }: { doc: AdminCatalogDocument; onReload: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const grid = doc.name === 'tiers' && isTiersContent(doc.content);
  const [tiers, setTiers] = useState<TiersContent | null>(grid ? (doc.content as TiersContent) : null);
  const [text, setText] = useState(() => JSON.stringify(doc.content, null, 2));

  const save = async () => {
    let content: unknown = tiers;
    if (!tiers) {
      const parsed = parseJson(text);
      if (!parsed.ok) {
        setProblem(C.jsonInvalid(parsed.error));
        return;
      }
      content = parsed.value;
    }
    setBusy(true);
    setProblem(null);
    try {
      await adminCatalogSave(doc.name, content, doc.version);
      void message.success(MSG.adminCatalogSaved);
      onReload();
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    try {
      await adminCatalogReset(doc.name);
      void message.success(MSG.adminCatalogReset);
      onReload();
    } catch (err) {
      setProblem(errorText(err));
    }
  };

  return (
    <>
      {problem && (
        <Alert
          type="error"
          showIcon
          message={problem}
          data-testid="catalog-problem"
          action={
            <Button size="small" onClick={onReload}>
              {C.reload}
            </Button>
          }
        />
      )}
      <Space className={styles.toolbar} wrap>
        <Button type="primary" loading={busy} onClick={() => void save()} data-testid="catalog-save">
          {C.save}
        </Button>
        {!tiers && <Button onClick={() => setText((t) => formatted(t, setProblem))}>{C.format}</Button>}
        {doc.source === 'database' && (
          <Popconfirm title={C.resetConfirm(doc.label)} onConfirm={() => void reset()}>
            <Button danger data-testid="catalog-reset">
              {C.reset}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {tiers ? (
        <TiersGrid loaded={doc.content as TiersContent} value={tiers} onChange={setTiers} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{C.jsonHint}</Typography.Paragraph>
          <Input.TextArea className={styles.json} value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 16, maxRows: 40 }} spellCheck={false} data-testid="catalog-json" />
        </>
      )}
    </>
  );
}

/** The editor's text pretty-printed, or unchanged with the parse error shown. */
function formatted(text: string, onError: (m: string) => void): string {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    onError(C.jsonInvalid(parsed.error));
    return text;
  }
  return JSON.stringify(parsed.value, null, 2);
}

function TiersGrid({ loaded, value, onChange }: { loaded: TiersContent; value: TiersContent; onChange: (v: TiersContent) => void }) {
  const changed = changedCells(loaded, value);
  const [rows, setRows] = useState<GridRow[]>(() => gridRows(value));
  useEffect(() => setRows(gridRows(value)), [value]);
  const columns: TableColumnsType<GridRow> = [
    {
      title: C.colQuotaKey,
      dataIndex: 'label',
      fixed: 'left',
      width: 150,
      render: (label: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>{label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.key}
          </Typography.Text>
        </Space>
      ),
    },
    ...value.levels.map((l) => ({
      title: l.name,
      key: String(l.vip),
      width: 110,
      render: (_: unknown, r: GridRow) => (
        <div className={changed.has(`${r.key}@${l.vip}`) ? styles.changed : undefined}>
          <InputNumber
            className={styles.cellInput}
            size="small"
            min={-1}
            max={100000}
            precision={0}
            value={r.counts[l.vip]}
            aria-label={`${r.label} ${l.name}`}
            data-testid={`tier-cell-${r.key}-${l.vip}`}
            onChange={(n) => typeof n === 'number' && onChange(withCount(value, r.key, l.vip, n))}
          />
        </div>
      ),
    })),
  ];
  return (
    <>
      <Typography.Paragraph type="secondary">{C.gridHint}</Typography.Paragraph>
      <Table rowKey="key" columns={columns} dataSource={rows} pagination={false} size="small" scroll={{ x: 150 + value.levels.length * 110 }} data-testid="tiers-grid" />
    </>
  );
}
