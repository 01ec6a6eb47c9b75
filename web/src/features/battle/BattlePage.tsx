import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Drawer, Tag } from 'antd';
import { Sender } from '@ant-design/x';
import { AppstoreOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { LIMITS, MSG } from '@wanxiang/contract';
import { deleteGroup, groupDetails, listGroups, resetGroup, setGroupModels, submitGroupComment } from '../../api/groups';
import { emitSessionExpired, openLoginDialog } from '../../app-events';
import { useIsMobile } from '../../hooks/useIsMobile';
import { BATTLE_SIDEBAR_MAX, useBattleStore, type BattleRound } from '../../stores/battle';
import { useCatalogStore } from '../../stores/chat-catalog';
import { useChatStore } from '../../stores/chat';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { ModelIcon } from '../chat/ModelIcon';
import { chatPath } from '../chat/model-key';
import { ShareLinkButton } from '../share/ShareLinkButton';
import { BATTLE_MODEL_KEY, battleModels, continuationOf, defaultBattleModels, messageCount, sendRefusal } from './battle-rules';
import { resumeBattle, runBattleRound, stopBattle, type BattleRunHandlers } from './battle-runner';
import { BattlePanel } from './BattlePanel';
import { BattleRounds } from './BattleRounds';
import styles from './battle.module.css';

/** Multi-model battle (/chat?type=AllModelAttack): every chosen model answers the same question at once. */
export default function BattlePage() {
  const mobile = useIsMobile();
  const { message, modal } = App.useApp();
  const status = useCatalogStore((s) => s.status);
  const byKey = useCatalogStore((s) => s.byKey);
  const loggedIn = useUserStore(selectIsLoggedIn);
  useEffect(() => {
    void useCatalogStore.getState().load();
  }, []);

  const candidates = useMemo(() => battleModels(Object.values(byKey)), [byKey]);
  const defaults = useMemo(() => defaultBattleModels(candidates), [candidates]);
  const session = useBattleStore((s) => s.sessions.find((x) => x.id === s.currentId));
  const sending = useBattleStore((s) => s.sending);
  const [panelOpen, setPanelOpen] = useState(false);
  const [text, setText] = useState('');
  const lastSentAt = useRef(0);

  // The first visit (or a deleted current session) starts a comparison with the default switches.
  useEffect(() => {
    if (status === 'ready' && !session && defaults.length) useBattleStore.getState().ensureCurrent(defaults);
  }, [status, session, defaults]);

  // Logged in: the server's comparison sessions join the local list.
  useEffect(() => {
    if (!loggedIn) return;
    listGroups({ page: 1, rows: BATTLE_SIDEBAR_MAX })
      .then((res) => useBattleStore.getState().mergeRemote(res.list))
      .catch(() => undefined);
  }, [loggedIn]);

  // A column's handlers: an expired login logs out once; rounds are saved for logged-in users.
  const roundHandlers = useMemo<BattleRunHandlers>(
    () => ({
      onLoginExpired(msg) {
        void message.warning(msg);
        emitSessionExpired();
        openLoginDialog();
      },
      saveOnServer: () => selectIsLoggedIn(useUserStore.getState()),
    }),
    [message],
  );
  // Columns a reload left streaming go on at the server: follow them again here.
  useEffect(() => {
    if (loggedIn && status === 'ready') void resumeBattle(roundHandlers);
  }, [loggedIn, status, roundHandlers]);

  const onServer = useCallback(
    (id: string) =>
      loggedIn &&
      !!useBattleStore
        .getState()
        .sessions.find((s) => s.id === id)
        ?.rounds.some((r) => r.saved),
    [loggedIn],
  );
  const busy = useCallback(() => {
    if (!useBattleStore.getState().sending) return false;
    void message.warning(MSG.replyPending);
    return true;
  }, [message]);

  const changeModels = useCallback(
    (models: string[]) => {
      if (!session || busy()) return;
      useBattleStore.getState().setModels(session.id, models);
      // The server keeps a group's models only once they are valid (2 to 4).
      if (onServer(session.id) && !sendRefusal(models)) void setGroupModels({ id: session.id, models }).catch(() => undefined);
    },
    [session, busy, onServer],
  );

  const changeMultiTurn = useCallback(
    (on: boolean) => {
      if (!session || busy()) return;
      useBattleStore.getState().setMultiTurn(session.id, on);
      if (onServer(session.id) && !sendRefusal(session.models))
        void setGroupModels({ id: session.id, models: session.models, multiTurn: on }).catch(() => undefined);
    },
    [session, busy, onServer],
  );

  const reset = useCallback(() => {
    if (!session || busy()) return;
    const saved = onServer(session.id);
    useBattleStore.getState().resetRounds(session.id);
    if (saved) void resetGroup(session.id).catch(() => undefined);
    void message.success(MSG.clearSuccess);
  }, [session, busy, onServer, message]);

  const newSession = useCallback(() => {
    if (busy()) return;
    useBattleStore.getState().newSession(session?.models ?? defaults, session?.multiTurn ?? false);
    setPanelOpen(false);
    void message.success(MSG.sessionCreated(byKey[BATTLE_MODEL_KEY]?.label ?? MSG.battleTitle));
  }, [busy, session, defaults, byKey, message]);

  const open = useCallback(
    (id: string) => {
      if (busy()) return;
      const st = useBattleStore.getState();
      st.select(id);
      setPanelOpen(false);
      if (st.sessions.find((s) => s.id === id)?.remote) {
        groupDetails(id)
          .then((d) => useBattleStore.getState().loadDetails(d))
          .catch(() => undefined);
      }
    },
    [busy],
  );

  const remove = useCallback(
    (id: string) => {
      if (busy()) return;
      modal.confirm({
        title: MSG.chatDelete,
        content: MSG.chatDeleteConfirm,
        centered: true,
        okButtonProps: { danger: true },
        onOk: async () => {
          if (loggedIn) await deleteGroup(id).catch(() => undefined);
          useBattleStore.getState().remove(id);
          void message.success(MSG.deleteSuccess);
        },
      });
    },
    [busy, loggedIn, modal, message],
  );

  const send = useCallback(
    (value: string): boolean => {
      const refuse = (msg: string) => {
        void message.warning(msg);
        return false;
      };
      const prompt = value.trim();
      if (!session) return false;
      if (!prompt) return refuse(MSG.askEmpty);
      if (useBattleStore.getState().sending) return refuse(MSG.replyPending);
      // One send per second (docs/product/battle.md §9): a double Enter must not ask twice.
      if (Date.now() - lastSentAt.current < LIMITS.sendThrottleMs) return false;
      const refusal = sendRefusal(session.models);
      if (refusal) return refuse(refusal);
      if (!selectIsLoggedIn(useUserStore.getState())) {
        openLoginDialog();
        return refuse(MSG.unauthorized);
      }
      lastSentAt.current = Date.now();
      void runBattleRound(session.id, prompt, roundHandlers);
      return true;
    },
    [session, message, roundHandlers],
  );

  const stop = useCallback(() => {
    if (!session || session.rounds.length === 0) {
      void message.warning(MSG.battleEmptyStop);
      return;
    }
    if (stopBattle() > 0) void message.success(MSG.stopSuccess);
    else void message.warning(MSG.stopFailed);
  }, [session, message]);

  // "Continue with this answer": that column's answers become a normal chat with its model (the shared history).
  const navigate = useNavigate();
  const continueWith = useCallback(
    (round: BattleRound, model: string) => {
      if (!session) return;
      if (useBattleStore.getState().sending) return void message.warning(MSG.replyPending);
      useChatStore.getState().startWith(model, continuationOf(session.rounds, round.id, model));
      void navigate(chatPath(model));
    },
    [session, message, navigate],
  );

  const pickBest = useCallback(
    (round: BattleRound, model: string) => {
      if (!session) return;
      submitGroupComment({ groupId: session.id, messageId: round.id, model })
        .then(() => {
          useBattleStore.getState().patchRound(session.id, round.id, { best: model });
          void message.success(MSG.battleBestSaved);
        })
        .catch(() => undefined);
    },
    [session, message],
  );

  const modelOf = useCallback((key: string) => byKey[key], [byKey]);

  if (!session) return <div className={styles.page} />;

  const panel = (
    <BattlePanel
      session={session}
      candidates={candidates}
      loggedIn={loggedIn}
      onReset={reset}
      onNew={newSession}
      onOpen={open}
      onDelete={remove}
      onModelsChange={changeModels}
      onMultiTurnChange={changeMultiTurn}
    />
  );

  return (
    <div className={`${styles.page} ${mobile ? styles.pageMobile : ''}`} data-testid="battle-page">
      {!mobile && <aside className={styles.side}>{panel}</aside>}
      <section className={styles.main}>
        <div className={styles.header}>
          <div className={styles.headerTitle} data-testid="battle-title">
            {session.name || MSG.battleNewChat}
          </div>
          <Tag className={styles.count} data-testid="battle-count">
            {MSG.battleMessageCount(messageCount(session.rounds))}
          </Tag>
          <div className={styles.headerSpacer} />
          {/* A read-only link of the comparison, once a round of it is saved on the server. */}
          {loggedIn && session.rounds.some((r) => r.saved) && <ShareLinkButton kind="battle" id={session.id} disabled={sending} compact={mobile} />}
          {mobile && (
            <Button size="small" icon={<AppstoreOutlined />} onClick={() => setPanelOpen(true)} data-testid="battle-open-panel">
              {MSG.battleOpenPanel}
            </Button>
          )}
          <Button size="small" icon={<PauseCircleOutlined />} onClick={stop} data-testid="battle-stop">
            {mobile ? null : MSG.chatStop}
          </Button>
        </div>
        <div className={styles.chosen} data-testid="battle-chosen">
          {session.models.map((k) => (
            <span key={k} className={styles.chip}>
              <ModelIcon model={byKey[k]} size={16} />
              {byKey[k]?.label ?? k}
            </span>
          ))}
          {session.multiTurn && <Tag color="blue">{MSG.battleMultiTurn}</Tag>}
        </div>
        <div className={styles.body}>
          {session.rounds.length === 0 ? (
            <div className={styles.empty}>
              <div className={styles.emptyTitle}>{MSG.battleTitle}</div>
              <div className={styles.emptyText}>{MSG.battleSubtitle}</div>
            </div>
          ) : (
            <BattleRounds
              rounds={session.rounds}
              modelOf={modelOf}
              mobile={mobile}
              onPickBest={loggedIn ? pickBest : undefined}
              onContinue={continueWith}
            />
          )}
        </div>
        <div className={styles.composer} data-testid="battle-composer">
          <Sender
            value={text}
            onChange={setText}
            onSubmit={(v) => {
              if (send(v)) setText('');
            }}
            onKeyDown={(e) => {
              // Sender ignores Enter on an empty input; the spec wants 请输入需要提问的问题.
              const native = e.nativeEvent as KeyboardEvent;
              if (e.key === 'Enter' && !e.shiftKey && !native.isComposing && !text.trim()) {
                e.preventDefault();
                send('');
                return false;
              }
            }}
            loading={sending}
            onCancel={stop}
            submitType="enter"
            disabled={sending}
            placeholder={sending ? MSG.thinkingPlaceholder : MSG.chatInputPlaceholder}
            autoSize={{ minRows: mobile ? 1 : 2, maxRows: 6 }}
          />
        </div>
        <div className={styles.disclaimer}>{MSG.aiDisclaimer}</div>
      </section>
      {mobile && (
        <Drawer open={panelOpen} onClose={() => setPanelOpen(false)} placement="left" size="86vw" title={null} closable={false}>
          {panel}
        </Drawer>
      )}
    </div>
  );
}
