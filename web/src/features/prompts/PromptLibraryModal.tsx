import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Empty, Input, Modal, Pagination, Popconfirm, Segmented, Spin } from 'antd';
import { CloudDownloadOutlined, DeleteOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, MSG, type PromptTemplate } from '@wanxiang/contract';
import { filterPrompts, usePromptStore, type MyPrompt } from '../../stores/prompts';
import { NetworkImportPanel } from './NetworkImportPanel';
import { PromptCard } from './PromptCard';
import { PromptFormModal } from './PromptFormModal';
import { saveText } from '../../api/save-file';
import { EXPORT_FILE_NAME, exportText, pageOf, parseImportText } from './prompt-io';
import styles from './prompts.module.css';

type Tab = 'mine' | 'builtin';

interface Props {
  open: boolean;
  mobile: boolean;
  onClose(): void;
  /** A card was clicked: its text goes into the chat input. */
  onUse(text: string): void;
}

/** Built-ins are a separate chunk, fetched the first time the library opens. */
let builtinLoad: Promise<PromptTemplate[]> | null = null;
const loadBuiltins = () => (builtinLoad ??= import('./builtin-prompts').then((m) => m.BUILTIN_PROMPTS));

/** The local prompt library (docs/product/prompts-and-personas.md §2 dialogs, 5 "Prompt library"). */
export function PromptLibraryModal({ open, mobile, onClose, onUse }: Props) {
  const { message } = App.useApp();
  const items = usePromptStore((s) => s.items);
  const [tab, setTab] = useState<Tab>('mine');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [builtins, setBuiltins] = useState<PromptTemplate[] | null>(null);
  const [editing, setEditing] = useState<{ id?: string; initial?: PromptTemplate } | null>(null);
  const [networkOpen, setNetworkOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open && tab === 'builtin' && !builtins) void loadBuiltins().then(setBuiltins);
  }, [open, tab, builtins]);

  // Each opening starts without a search: a stale filter would hide what was just saved.
  useEffect(() => {
    if (open) setKeyword('');
  }, [open]);

  // A new search or tab starts at the first page.
  useEffect(() => setPage(1), [keyword, tab]);

  const filtered = useMemo(
    () => filterPrompts<MyPrompt | PromptTemplate>(tab === 'mine' ? items : (builtins ?? []), keyword),
    [tab, items, builtins, keyword],
  );
  const shown = pageOf(filtered, page, LIMITS.promptLibraryPageSize);

  const use = useCallback(
    (t: PromptTemplate) => {
      onUse(t.value);
      void message.success(MSG.promptFilled);
      onClose();
    },
    [message, onClose, onUse],
  );

  const save = (t: PromptTemplate) => {
    const st = usePromptStore.getState();
    if (editing?.id) st.update(editing.id, t);
    else st.add(t);
    setEditing(null);
    setTab('mine');
    void message.success(MSG.promptSaved);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parseImportText(await file.text());
    if (!parsed.ok) {
      void message.error(parsed.error);
      return;
    }
    const added = usePromptStore.getState().importMany(parsed.list);
    setTab('mine');
    void message.success(MSG.promptImported(added));
  };

  const exportAll = () => {
    const out = exportText(usePromptStore.getState().items);
    if (!out.ok) {
      void message.warning(out.error);
      return;
    }
    saveText(out.text, EXPORT_FILE_NAME, 'application/json;charset=utf-8');
  };

  const copyBuiltin = (t: PromptTemplate) => {
    usePromptStore.getState().importMany([t]);
    void message.success(MSG.promptCopied);
  };

  return (
    <Modal
      open={open}
      title={MSG.promptLibraryTitle}
      onCancel={onClose}
      footer={null}
      width={mobile ? '100%' : 960}
      className={mobile ? styles.mobileModal : undefined}
      destroyOnHidden={false}
    >
      <div className={styles.library} data-testid="prompt-library">
        <div className={styles.toolbar}>
          <Segmented<Tab>
            value={tab}
            onChange={setTab}
            options={[
              { value: 'mine', label: `${MSG.promptTabMine} (${items.length})` },
              { value: 'builtin', label: MSG.promptTabBuiltin },
            ]}
          />
          <Input.Search
            allowClear
            className={styles.search}
            placeholder={MSG.promptSearch}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <Button icon={<PlusOutlined />} type="primary" onClick={() => setEditing({})}>
            {MSG.promptAdd}
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => fileInput.current?.click()}>
            {MSG.promptImport}
          </Button>
          <Button icon={<ExportOutlined />} onClick={exportAll}>
            {MSG.promptExport}
          </Button>
          <Button icon={<CloudDownloadOutlined />} onClick={() => setNetworkOpen(true)}>
            {MSG.promptNetworkImport}
          </Button>
          <Popconfirm
            title={MSG.promptClearConfirm}
            okText={MSG.confirmOk}
            cancelText={MSG.confirmCancel}
            onConfirm={() => {
              usePromptStore.getState().clear();
              void message.success(MSG.promptCleared);
            }}
          >
            <Button icon={<DeleteOutlined />} danger disabled={items.length === 0}>
              {MSG.promptClearAll}
            </Button>
          </Popconfirm>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="prompt-import-file"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>

        {tab === 'builtin' && !builtins ? (
          <div className={styles.empty}>
            <Spin tip={MSG.promptLoading} />
          </div>
        ) : shown.items.length === 0 ? (
          <Empty className={styles.empty} description={MSG.promptEmpty} />
        ) : (
          <div className={`${styles.grid} ${mobile ? styles.gridMobile : ''}`}>
            {shown.items.map((t, i) =>
              'id' in t ? (
                <PromptCard
                  key={t.id}
                  template={t}
                  builtin={false}
                  onUse={use}
                  onEdit={() => setEditing({ id: t.id, initial: t })}
                  onDelete={() => {
                    usePromptStore.getState().remove(t.id);
                    void message.success(MSG.promptDeleted);
                  }}
                />
              ) : (
                <PromptCard key={`${t.key}-${i}`} template={t} builtin onUse={use} onCopy={() => copyBuiltin(t)} />
              ),
            )}
          </div>
        )}
        {filtered.length > LIMITS.promptLibraryPageSize && (
          <Pagination
            className={styles.pager}
            current={shown.page}
            pageSize={LIMITS.promptLibraryPageSize}
            total={filtered.length}
            showSizeChanger={false}
            size={mobile ? 'small' : undefined}
            onChange={setPage}
          />
        )}
      </div>
      <PromptFormModal open={editing !== null} initial={editing?.initial} onSave={save} onClose={() => setEditing(null)} />
      <NetworkImportPanel open={networkOpen} onClose={() => setNetworkOpen(false)} />
    </Modal>
  );
}
