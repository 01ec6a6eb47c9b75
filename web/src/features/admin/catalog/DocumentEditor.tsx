import { useState } from 'react';
import { Alert, App, Button, Input, Popconfirm, Space, Tabs, Typography } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C, MSG, type AdminCatalogDocument } from '@wanxiang/contract';
import { adminCatalogReset, adminCatalogSave } from '../../../api/admin-catalog';
import { errorText } from '../useLoad';
import { FORM_EDITORS } from './form-editors';
import { parseJson } from './tiers-grid';
import styles from './catalog.module.css';

type Tab = 'form' | 'json';

/**
 * One document's editor: a form where the document has one (models, tiers, tools, shop) with the JSON editor as the
 * 高级 tab, else the JSON editor alone. Both tabs edit the same content: leaving the JSON tab parses it back into the
 * form (refused, with the parse error, while it does not parse). Save sends the active tab's content whole; it is off
 * while the form's own check of the content fails (the form shows why), as a drawer's 确定 is for an entry.
 */
export function DocumentEditor({ doc, onReload }: { doc: AdminCatalogDocument; onReload: () => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = FORM_EDITORS[doc.name];
  const [tab, setTab] = useState<Tab>(form?.accepts(doc.content) ? 'form' : 'json');
  const [value, setValue] = useState<unknown>(doc.content);
  const [text, setText] = useState(() => JSON.stringify(doc.content, null, 2));

  const switchTab = (next: Tab) => {
    if (next === tab) return;
    if (next === 'json') {
      setText(JSON.stringify(value, null, 2));
      setTab(next);
      return;
    }
    const parsed = parseJson(text);
    if (!parsed.ok) return setProblem(C.jsonInvalid(parsed.error));
    if (!form?.accepts(parsed.value)) return setProblem(C.notFormShape);
    setProblem(null);
    setValue(parsed.value);
    setTab(next);
  };

  const save = async () => {
    let content = value;
    if (tab === 'json') {
      const parsed = parseJson(text);
      if (!parsed.ok) return setProblem(C.jsonInvalid(parsed.error));
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

  const json = (
    <>
      <Typography.Paragraph type="secondary">{form ? C.advancedHint : C.jsonHint}</Typography.Paragraph>
      <Input.TextArea className={styles.json} value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 16, maxRows: 40 }} spellCheck={false} data-testid="catalog-json" />
    </>
  );
  const FormEditor = form?.Editor;
  const blocked = tab === 'form' && form?.check ? form.check(value) : null;

  return (
    <>
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem}
          data-testid="catalog-problem"
          action={
            <Button size="small" onClick={onReload}>
              {C.reload}
            </Button>
          }
        />
      )}
      <Space className={styles.toolbar} wrap>
        <Button type="primary" loading={busy} disabled={blocked !== null} title={blocked ?? undefined} onClick={() => void save()} data-testid="catalog-save">
          {C.save}
        </Button>
        {tab === 'json' && <Button onClick={() => setText((t) => formatted(t, setProblem))}>{C.format}</Button>}
        {doc.source === 'database' && (
          <Popconfirm title={C.resetConfirm(doc.label)} onConfirm={() => void reset()}>
            <Button danger data-testid="catalog-reset">
              {C.reset}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {FormEditor ? (
        <Tabs
          activeKey={tab}
          onChange={(k) => switchTab(k as Tab)}
          items={[
            {
              key: 'form',
              label: C.tabForm,
              children:
                tab === 'form' ? <FormEditor value={value} loaded={form?.accepts(doc.content) ? doc.content : value} onChange={setValue} problem={problem} /> : null,
            },
            { key: 'json', label: C.tabAdvanced, children: json },
          ]}
        />
      ) : (
        json
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
