import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Drawer, Watermark } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG, type RecordItem } from '@wanxiang/contract';
import { recordData } from '../../api/history';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useChatStore } from '../../stores/chat';
import { modelsOfGroup, useCatalogStore, useModelMenus } from '../../stores/chat-catalog';
import { selectActiveConversationId, selectIsEmpty, selectSending } from '../../stores/chat-selectors';
import { selectIsLoggedIn, selectUser, useUserStore } from '../../stores/user';
import { ChatComposer, type ChatComposerHandle } from './ChatComposer';
import { ChatHeader } from './ChatHeader';
import { HistoryPanel } from './HistoryPanel';
import { ChatMessages } from './ChatMessages';
import { ModelIntro } from './ModelIntro';
import { ChatModelMenus } from './menu/ChatModelMenus';
import { usePickModel } from './menu/usePickModel';
import { MobileChatActions } from './mobile/MobileChatActions';
import { chatPath, decodeModelKey, resolveModelKey } from './model-key';
import BattlePage from '../battle/BattlePage';
import { BATTLE_MODEL_KEY } from '../battle/battle-rules';
import { useChatSender } from './useChatSender';
import { PersonaHeader } from '../personas/PersonaHeader';
import { ChatToolContext, type ChatToolApi } from './toolbar/chat-tool-context';
import { ChatShortcuts } from '../shortcuts/ChatShortcuts';
import { isBottomType, openChatTool } from './toolbar/tool-bus';
import styles from './chat.module.css';

const WATERMARK_FONT = { color: 'rgba(0,0,0,0.06)', fontSize: 14 };
const WATERMARK_LAYER = { position: 'absolute', inset: 0, overflow: 'hidden' } as const;

/** The chat screen (docs/product/chat.md §2): /msg?type=<base64 model key>. */
export default function ChatPage() {
  const [params] = useSearchParams();
  // Multi-model battle has its own screen; two components keep each one's hooks stable.
  return decodeModelKey(params.get('type')) === BATTLE_MODEL_KEY ? <BattlePage /> : <ChatScreen />;
}

function ChatScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { message } = App.useApp();

  const status = useCatalogStore((s) => s.status);
  const byKey = useCatalogStore((s) => s.byKey);
  const groups = useCatalogStore((s) => s.groups);
  const demo = useCatalogStore((s) => s.demo);
  useEffect(() => {
    void useCatalogStore.getState().load();
  }, []);

  // type: plain key, base64 or base64 of base64 (model-key.ts); unknown -> index once the catalog is in.
  const ready = status === 'ready';
  const modelKey = ready ? resolveModelKey(params.get('type'), (k) => k in byKey) : decodeModelKey(params.get('type'));
  const model = byKey[modelKey];

  // Narrow subscriptions: streaming text must not re-render the page (ChatMessages owns that).
  const activeConversation = useChatStore(selectActiveConversationId);
  const isEmpty = useChatStore(selectIsEmpty);
  const sending = useChatStore(selectSending);
  const loggedIn = useUserStore(selectIsLoggedIn);
  const user = useUserStore(selectUser);

  // The page's model decides the session: an empty one is re-aimed, a used one is kept aside.
  useEffect(() => {
    if (ready && !useChatStore.getState().sending) useChatStore.getState().switchModel(modelKey);
  }, [ready, modelKey]);

  const composer = useRef<ChatComposerHandle>(null);
  const restoreInput = useCallback((text: string) => composer.current?.setText(text), []);
  const clearInputIf = useCallback((text: string) => composer.current?.clearIf(text), []);
  const focusInput = useCallback(() => composer.current?.focus(), []);
  const { send, stop, resume } = useChatSender(modelKey, model, restoreInput, clearInputIf);
  // A reply a reload or another tab left streaming goes on at the server: follow it again here.
  useEffect(() => {
    if (ready && loggedIn) resume();
  }, [ready, loggedIn, resume]);

  const toolApi = useMemo<ChatToolApi>(
    () => ({ modelKey, model, mobile, sending, fillInput: restoreInput, send }),
    [modelKey, model, mobile, sending, restoreInput, send],
  );

  // /chat?bottomType=voice|web|doc|video|image opens that tool once the page is up.
  const bottomType = params.get('bottomType');
  useEffect(() => {
    if (ready && isBottomType(bottomType)) openChatTool(bottomType);
  }, [ready, bottomType]);

  const [historyOpen, setHistoryOpen] = useState(false);

  const goModel = usePickModel(modelKey);
  // Desktop: the 'More' modal; mobile: the left drawer of models. Refused while a reply streams.
  const openModelMenu = useCallback(() => {
    if (useChatStore.getState().sending) void message.warning(MSG.switchModelWhileLoading);
    else if (mobile) useModelMenus.getState().openDrawer();
    else useModelMenus.getState().openMore();
  }, [message, mobile]);

  const newChat = useCallback(() => {
    if (useChatStore.getState().sending) {
      void message.warning(MSG.replyPending);
      return;
    }
    useChatStore.getState().newChat(modelKey);
    setHistoryOpen(false);
    void message.success(MSG.sessionCreated(model?.label ?? modelKey));
  }, [message, modelKey, model]);

  const openRecord = useCallback(
    async (item: RecordItem) => {
      if (useChatStore.getState().sending) {
        void message.warning(MSG.replyPending);
        return;
      }
      const record = await recordData(item.id);
      useChatStore.getState().loadRecord(record);
      setHistoryOpen(false);
      if (record.model !== modelKey && record.model in useCatalogStore.getState().byKey) navigate(chatPath(record.model));
    },
    [message, modelKey, navigate],
  );

  const onDeleted = useCallback((id: string) => {
    const st = useChatStore.getState();
    const local = st.sessions.find((s) => s.id === id || s.conversationId === id);
    if (local) st.removeSession(local.id);
  }, []);

  const modelOf = useCallback((key: string) => byKey[key] ?? model, [byKey, model]);
  const recommended = useMemo(() => (groups[0] ? modelsOfGroup(groups[0], byKey) : []), [groups, byKey]);
  const watermark = user ? [MSG.chatWatermark, `ID ${user.uid}`] : MSG.chatWatermark;

  const onOpenRecord = useCallback((item: RecordItem) => void openRecord(item).catch(() => undefined), [openRecord]);
  const history = loggedIn && <HistoryPanel activeId={activeConversation} onOpen={onOpenRecord} onNew={newChat} onDeleted={onDeleted} />;

  return (
    <ChatToolContext.Provider value={toolApi}>
      <div className={`${styles.page} ${mobile ? styles.pageMobile : ''}`}>
        {!mobile && history && <aside className={styles.side}>{history}</aside>}
        <section className={styles.main}>
          <ChatHeader
            model={model}
            mobile={mobile}
            onSwitch={openModelMenu}
            onNew={newChat}
            onHistory={loggedIn ? () => setHistoryOpen(true) : undefined}
          />
          {/* A custom model streams through the user's own provider, never the demo upstream. */}
          {demo && model?.resloveType !== 'customer' && <Alert type="info" showIcon banner title={MSG.demoBanner} className={styles.demo} data-testid="demo-banner" />}
          <PersonaHeader />
          <div className={styles.body}>
            {/* An overlay sibling, not a wrapper: antd's Watermark watches its subtree for mutations,
              which would be work on every streamed frame (QUALITY G11). */}
            <Watermark content={watermark} className={styles.watermark} style={WATERMARK_LAYER} font={WATERMARK_FONT} />
            {isEmpty ? (
              <div className={styles.scroller}>
                <ModelIntro model={model} recommended={recommended} onAsk={(q) => void send(q)} onPickModel={goModel} mobile={mobile} />
              </div>
            ) : (
              <ChatMessages modelOf={modelOf} userAvatar={user?.avatar} />
            )}
          </div>
          <ChatComposer ref={composer} sending={sending} mobile={mobile} onSend={send} onStop={stop} />
          <div className={styles.disclaimer}>{MSG.aiDisclaimer}</div>
        </section>
        <ChatModelMenus current={modelKey} mobile={mobile} />
        <ChatShortcuts sending={sending} onNew={newChat} onStop={stop} onFocusInput={focusInput} onOpenRecord={loggedIn ? onOpenRecord : undefined} />
        {mobile && <MobileChatActions onNew={newChat} onHistory={loggedIn ? () => setHistoryOpen(true) : undefined} />}
        {mobile && (
          <Drawer open={historyOpen} onClose={() => setHistoryOpen(false)} placement="left" size="80vw" title={null} closable={false}>
            {history}
          </Drawer>
        )}
      </div>
    </ChatToolContext.Provider>
  );
}
