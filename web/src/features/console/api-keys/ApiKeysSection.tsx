import { App, Alert, Button, Input, Modal, Table, Typography } from 'antd';
import { API_KEY_NAME_MAX, API_KEYS_MSG as M, type ApiKeyItem } from '@wanxiang/contract';
import { useCallback, useEffect, useState } from 'react';
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from '../../../api/api-keys';
import { copyText } from '../../invite/copy-text';
import infoStyles from '../../info/info.module.css';
import styles from './api-keys.module.css';

/** `2026-11-27 09:30` in the reader's time zone. */
const when = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** The curl example of the section, with this site's base URL. */
export function usageExample(origin: string): string {
  return [
    `curl ${origin}/v1/chat/completions \\`,
    `  -H "Authorization: Bearer $WANXIANG_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"model":"deepseek_v3","messages":[{"role":"user","content":"你好"}],"stream":true}'`,
  ].join('\n');
}

/** The dialog that shows a new key, once, with a copy button. */
function ShownOnce({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { message } = App.useApp();
  const copy = async () => {
    if (secret && (await copyText(secret))) void message.success(M.copied);
    else void message.error(M.copyFailed);
  };
  return (
    <Modal
      open={secret !== null}
      title={M.shownOnceTitle}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      centered
      footer={
        <Button type="primary" onClick={onClose} data-testid="apikey-shown-close">
          {M.close}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={M.shownOnceWarning} className={styles.warning} />
      <div className={styles.secretRow}>
        <code className={styles.secret} data-testid="apikey-secret">
          {secret}
        </code>
        <Button onClick={() => void copy()} data-testid="apikey-copy">
          {M.copy}
        </Button>
      </div>
    </Modal>
  );
}

/** A name dialog, for create and rename. */
function NameDialog(props: {
  testId: string;
  open: boolean;
  title: string;
  okText: string;
  initial: string;
  onOk: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setName(props.initial), [props.initial, props.open]);
  const ok = async () => {
    setBusy(true);
    try {
      await props.onOk(name);
    } catch {
      // The request layer showed the server's sentence; the dialog stays for a correction.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={M.cancel}
      onOk={() => void ok()}
      onCancel={props.onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: !name.trim(), ...({ 'data-testid': `${props.testId}-ok` } as object) }}
      destroyOnHidden
      centered
    >
      <label className={styles.label}>
        {M.nameLabel}
        <Input
          value={name}
          maxLength={API_KEY_NAME_MAX}
          placeholder={M.namePlaceholder}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => void ok()}
          data-testid={props.testId}
        />
      </label>
    </Modal>
  );
}

/**
 * The API 密钥 section of /console (docs/openai-api.md): members create keys (shown once), list them with their hint,
 * creation and last use, rename and revoke them (with a confirmation); a curl example with this site's base URL.
 * Free accounts see why they cannot create one.
 */
export function ApiKeysSection({ member }: { member: boolean }) {
  const { modal, message } = App.useApp();
  const [keys, setKeys] = useState<ApiKeyItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ApiKeyItem | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setKeys((await listApiKeys()).list);
    } catch {
      void message.error(M.loadFailed);
    } finally {
      setLoading(false);
    }
  }, [message]);
  useEffect(() => void reload(), [reload]);

  const create = async (name: string) => {
    const created = await createApiKey(name.trim());
    setCreating(false);
    setSecret(created.key);
    await reload();
  };
  const rename = async (name: string) => {
    if (!renaming) return;
    await renameApiKey(renaming.id, name.trim());
    void message.success(M.apiKeyRenamed);
    setRenaming(null);
    await reload();
  };
  const revoke = (k: ApiKeyItem) =>
    void modal.confirm({
      title: M.revoke,
      content: M.revokeConfirm(k.name),
      okButtonProps: { danger: true },
      centered: true,
      onOk: async () => {
        await revokeApiKey(k.id);
        void message.success(M.apiKeyRevoked);
        await reload();
      },
    });

  return (
    <div className={infoStyles.card} data-testid="apikeys-section">
      <div className={styles.head}>
        <h2 className={infoStyles.cardTitle}>{M.sectionTitle}</h2>
        <Button type="primary" disabled={!member} onClick={() => setCreating(true)} data-testid="apikey-create">
          {M.createButton}
        </Button>
      </div>
      <p className={infoStyles.muted}>{member ? M.sectionIntro : `${M.sectionIntro}${M.membersOnlyHint}`}</p>
      <Table<ApiKeyItem>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={keys}
        pagination={false}
        locale={{ emptyText: M.empty }}
        scroll={{ x: true }}
        columns={[
          { title: M.colName, dataIndex: 'name' },
          { title: M.colKey, dataIndex: 'hint', render: (h: string) => <code>{h}</code> },
          { title: M.colCreated, dataIndex: 'createdAt', render: when },
          { title: M.colLastUsed, dataIndex: 'lastUsedAt', render: (v: string | null) => (v ? when(v) : M.neverUsed) },
          {
            title: M.colActions,
            key: 'actions',
            render: (_: unknown, k) => (
              <>
                <Button type="link" size="small" onClick={() => setRenaming(k)} data-testid={`apikey-rename-${k.id}`}>
                  {M.rename}
                </Button>
                <Button type="link" size="small" danger onClick={() => revoke(k)} data-testid={`apikey-revoke-${k.id}`}>
                  {M.revoke}
                </Button>
              </>
            ),
          },
        ]}
      />
      <h3 className={styles.usageTitle}>{M.usageTitle}</h3>
      <Typography.Paragraph copyable={{ text: usageExample(window.location.origin) }} className={styles.usage}>
        <pre data-testid="apikey-usage">{usageExample(window.location.origin)}</pre>
      </Typography.Paragraph>
      <NameDialog
        testId="apikey-create-name"
        open={creating}
        title={M.createTitle}
        okText={M.createOk}
        initial=""
        onOk={create}
        onClose={() => setCreating(false)}
      />
      <NameDialog
        testId="apikey-rename-name"
        open={renaming !== null}
        title={M.renameTitle}
        okText={M.save}
        initial={renaming?.name ?? ''}
        onOk={rename}
        onClose={() => setRenaming(null)}
      />
      <ShownOnce secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
