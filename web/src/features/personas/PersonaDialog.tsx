import { useCallback, useEffect, useState } from 'react';
import { App, Button, Empty, Input, Modal, Pagination, Spin, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LIMITS, MSG, type PersonaItem, type PersonaListRes } from '@wanxiang/contract';
import { listPersonas } from '../../api/personas';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { PersonaCard } from './PersonaCard';
import { PersonaForm } from './PersonaForm';
import { usePersonaCache } from './persona-cache';
import styles from './personas.module.css';

const PAGE_SIZE = 8;

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'view'; persona: PersonaItem };

interface Props {
  open: boolean;
  mobile: boolean;
  onClose(): void;
  onStart(p: PersonaItem): void;
}

/** The persona (AI role) dialog: search, add (logged in only), view read-only, start a chat. */
export function PersonaDialog({ open, mobile, onClose, onStart }: Props) {
  const { message } = App.useApp();
  const loggedIn = useUserStore(selectIsLoggedIn);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<PersonaListRes | null>(null);
  const [loading, setLoading] = useState(false);
  const [reload, setReload] = useState(0);

  // Typing settles for the spec's search debounce before asking the server.
  useEffect(() => {
    const t = setTimeout(() => {
      setKeyword(input.trim());
      setPage(1);
    }, LIMITS.searchDebounceMs);
    return () => clearTimeout(t);
  }, [input]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    listPersonas({ keyword, page, rows: PAGE_SIZE })
      .then((res) => {
        if (!live) return;
        setData(res);
        for (const p of res.list) usePersonaCache.getState().put(p);
      })
      .catch((err: unknown) => {
        if (live) void message.error(err instanceof Error ? err.message : MSG.requestFailed);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, keyword, page, reload, loggedIn, message]);

  const close = useCallback(() => {
    setMode({ kind: 'list' });
    onClose();
  }, [onClose]);

  const submitted = useCallback(() => {
    setMode({ kind: 'list' });
    setInput('');
    setKeyword('');
    setPage(1);
    setReload((n) => n + 1);
  }, []);

  const title = mode.kind === 'add' ? MSG.personaAddTitle : mode.kind === 'view' ? MSG.personaViewTitle : MSG.personaDialogTitle;

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      footer={null}
      width={mobile ? '100%' : 820}
      className={mobile ? styles.mobileModal : undefined}
    >
      {mode.kind === 'list' ? (
        <div className={styles.dialog} data-testid="persona-dialog">
          <div className={styles.toolbar}>
            <Input.Search
              allowClear
              placeholder={MSG.personaSearch}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              onSearch={(v) => setInput(v)}
            />
            <Tooltip title={loggedIn ? undefined : MSG.pleaseLogin}>
              <Button type="primary" icon={<PlusOutlined />} disabled={!loggedIn} onClick={() => setMode({ kind: 'add' })}>
                {MSG.personaAdd}
              </Button>
            </Tooltip>
          </div>
          <Spin spinning={loading}>
            {data && data.list.length > 0 ? (
              <div className={`${styles.grid} ${mobile ? styles.gridMobile : ''}`}>
                {data.list.map((p) => (
                  <PersonaCard key={p.id} persona={p} onView={(persona) => setMode({ kind: 'view', persona })} onStart={onStart} />
                ))}
              </div>
            ) : (
              <Empty className={styles.empty} description={loading ? MSG.promptLoading : MSG.personaEmpty} />
            )}
          </Spin>
          {data && data.total > PAGE_SIZE && (
            <Pagination
              className={styles.pager}
              current={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              showSizeChanger={false}
              size={mobile ? 'small' : undefined}
              onChange={setPage}
            />
          )}
        </div>
      ) : (
        <PersonaForm
          key={mode.kind === 'view' ? mode.persona.id : 'add'}
          viewing={mode.kind === 'view' ? mode.persona : undefined}
          onSubmitted={submitted}
          onBack={() => setMode({ kind: 'list' })}
        />
      )}
    </Modal>
  );
}
