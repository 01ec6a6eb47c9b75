import { useCallback } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { Code, LOGOUT_CODES, MSG, type ModelEntry } from '@wanxiang/contract';
import { emitSessionExpired, openLoginDialog } from '../../app-events';
import { useChatStore } from '../../stores/chat';
import type { ReplyPrefs } from '../../stores/chat-extras';
import { useHistoryStore } from '../../stores/chat-history';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { runChat, stopActiveReply } from './chat-runner';
import { checkSend } from './send-rules';

export const VIP_PATH = '/console/vip';

export interface SendOptions {
  /** Preferences for this question only (regenerate with a chosen angle). */
  prefs?: ReplyPrefs;
  /** Regenerate: the last question and its reply are dropped first, so the question is asked anew. */
  replaceLast?: boolean;
}

export interface ChatSender {
  /** Validates and starts a reply; true when accepted (the input may clear). */
  send(text: string, options?: SendOptions): boolean;
  stop(): void;
  /** Re-asks the last question, optionally from another answer angle, dropping the latest reply. */
  regenerate(angle?: string): boolean;
}

/** Shared by every sender on the page (composer, suggestions, regenerate): one send per second. */
let lastSentAt = 0;

/**
 * The chat page's send and stop, with the dialogs of chat-core 5 and 8. `restoreInput` puts a
 * refused question back into the input (except for the phone-binding refusal, which clears it).
 */
export function useChatSender(modelKey: string, model: ModelEntry | undefined, restoreInput: (text: string) => void): ChatSender {
  const { message, modal, notification } = App.useApp();
  const navigate = useNavigate();

  const upsell = useCallback(
    (title: string, content: string) => {
      modal.confirm({
        title,
        content,
        centered: true,
        okText: MSG.chatGoVip,
        cancelText: MSG.chatGotIt,
        onOk: () => navigate(VIP_PATH),
      });
    },
    [modal, navigate],
  );

  const countDialog = useCallback(
    (text: string) => {
      const vip = useUserStore.getState().user?.vip ?? 0;
      upsell(MSG.countExhaustedTitle, `${text}。${vip > 0 ? MSG.upgradeMember : MSG.upgradeFree}`);
    },
    [upsell],
  );

  const send = useCallback(
    (text: string, options: SendOptions = {}): boolean => {
      const chat = useChatStore.getState();
      const check = checkSend({
        text,
        sending: chat.sending,
        loggedIn: selectIsLoggedIn(useUserStore.getState()),
        lastSentAt,
        now: Date.now(),
        model,
      });
      if (!check.ok) {
        if (check.reason !== 'throttled') void message.warning(check.msg);
        if (check.reason === 'login') openLoginDialog();
        return false;
      }
      lastSentAt = Date.now();
      if (options.replaceLast) chat.dropLastExchange(chat.currentId);
      void runChat(
        { sessionId: chat.currentId, model: modelKey, prompt: check.prompt, prefs: options.prefs },
        {
          onRefusal({ code, msg }, prompt) {
            if (LOGOUT_CODES.includes(code)) {
              void message.warning(msg || MSG.unauthorized);
              emitSessionExpired();
              openLoginDialog();
              restoreInput(prompt);
            } else if (code === Code.NEED_PHONE) {
              void message.warning(MSG.needPhone);
            } else if (code === Code.NO_COUNT || code === Code.NO_POINTS) {
              countDialog(msg || MSG.countExhausted);
              restoreInput(prompt);
            } else if (code === Code.TIER_DENIED) {
              upsell(MSG.countExhaustedTitle, msg);
              restoreInput(prompt);
            } else if (code === Code.MODEL_OFFLINE) {
              void message.warning(MSG.modelOffline);
              restoreInput(prompt);
            } else {
              notification.error({ title: MSG.errorTitle, description: msg || MSG.streamError });
              restoreInput(prompt);
            }
          },
          onNoCount: countDialog,
          onDone() {
            if (selectIsLoggedIn(useUserStore.getState())) void useHistoryStore.getState().load();
          },
        },
      );
      return true;
    },
    [model, modelKey, message, notification, countDialog, upsell, restoreInput],
  );

  const stop = useCallback(() => {
    if (stopActiveReply()) void message.success(MSG.stopSuccess);
    else void message.warning(MSG.stopFailed);
  }, [message]);

  const regenerate = useCallback(
    (angle?: string): boolean => {
      const chat = useChatStore.getState();
      const data = chat.sessions.find((s) => s.id === chat.currentId)?.data ?? [];
      const question = data.findLast((m) => m.target === 'user');
      if (!question) return false;
      return send(question.message, { replaceLast: true, prefs: angle ? { angle } : undefined });
    },
    [send],
  );

  return { send, stop, regenerate };
}
