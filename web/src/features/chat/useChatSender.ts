import { useCallback, useRef } from 'react';
import { App } from 'antd';
import { Code, LIMITS, LOGOUT_CODES, MSG, type ModelEntry } from '@wanxiang/contract';
import { emitSessionExpired, openLoginDialog } from '../../app-events';
import { useChatStore, type ChatMessage } from '../../stores/chat';
import { selectCurrentMessages, selectCurrentTree } from '../../stores/chat-selectors';
import { parentKey } from '../../stores/chat-branches';
import { useChatExtras, type ReplyPrefs } from '../../stores/chat-extras';
import { useHistoryStore } from '../../stores/chat-history';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { resumeReplies, runChat, stopActiveReply } from './chat-runner';
import { checkSend } from './send-rules';
import { afterReply, openGateRefusal, precheckQuota } from './gates/quota-gate';
import { openBindPhoneDialog } from '../account/bind-phone/bind-phone-store';

export const VIP_PATH = '/console/vip';

export interface SendOptions {
  /** Preferences for this question only (regenerate with a chosen angle). */
  prefs?: ReplyPrefs;
  /** Regenerate: this question is asked again; its new answer goes beside the earlier ones (branches). */
  again?: ChatMessage;
  /** Edit: the new question goes beside the edited one, after the message with this id ('' = the start). */
  parentId?: string;
}

export interface ChatSender {
  /** Validates and starts a reply; true when accepted (the input may clear). */
  send(text: string, options?: SendOptions): boolean;
  stop(): void;
  /** Re-attach to a reply a reload or another tab left streaming (the server kept answering). */
  resume(): void;
  /** Re-asks the last shown question, optionally from another answer angle; the earlier answer stays as a sibling. */
  regenerate(angle?: string): boolean;
  /** Sends an edited question as a sibling of question `id` (same parent), with its own new answer. */
  editQuestion(id: string, text: string): boolean;
}

/** Shared by every sender on the page (composer, suggestions, regenerate): one send per second. */
let lastSentAt = 0;
let lastSentText = '';
let deferred: ReturnType<typeof setTimeout> | null = null;

/**
 * The chat page's send and stop, with the dialogs of docs/product/chat.md §5, §8. `restoreInput` puts a
 * refused question back into the input (except for the phone-binding refusal, which clears it).
 */
export function useChatSender(
  modelKey: string,
  model: ModelEntry | undefined,
  restoreInput: (text: string) => void,
  clearInputIf: (text: string) => void = () => undefined,
): ChatSender {
  const { message, notification } = App.useApp();

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
        if (check.reason === 'throttled') {
          // One send per second (docs/product/chat.md §9): the same question again is a double press and is
          // dropped; a different one goes out when the second is over instead of being lost.
          if (text.trim() !== lastSentText && !deferred) {
            deferred = setTimeout(
              () => {
                deferred = null;
                if (sendRef.current(text, options)) clearInputIf(text);
              },
              Math.max(0, lastSentAt + LIMITS.sendThrottleMs - Date.now()),
            );
          }
          return false;
        }
        void message.warning(check.msg);
        if (check.reason === 'login') openLoginDialog();
        return false;
      }
      // A file still 解析中... would silently miss the question: wait for it.
      if (useChatExtras.getState().attachments.some((a) => a.status === 'loading')) {
        void message.warning(MSG.attachmentsParsing);
        return false;
      }
      lastSentAt = Date.now();
      lastSentText = check.prompt;
      // Quota is checked first (v35 and points-paid replies skip it); a refusal opens its dialog.
      void precheckQuota(model).then((allowed) => {
        if (!allowed) {
          // Nothing went out: the next try is not a double send.
          lastSentAt = 0;
          restoreInput(check.prompt);
          return;
        }
        return runChat(
          { sessionId: chat.currentId, model: modelKey, prompt: check.prompt, prefs: options.prefs, again: options.again, parentId: options.parentId },
          {
            onRefusal({ code, msg }, prompt) {
              lastSentAt = 0;
              if (LOGOUT_CODES.includes(code)) {
                void message.warning(msg || MSG.unauthorized);
                emitSessionExpired();
                openLoginDialog();
                restoreInput(prompt);
              } else if (code === Code.NEED_PHONE) {
                // The question is not put back: the input clears and the binding dialog opens.
                void message.warning(MSG.needPhone);
                openBindPhoneDialog();
              } else if (openGateRefusal(code, msg)) {
                // NO_COUNT, NO_POINTS, TIER_DENIED: the membership dialogs (gates/).
                restoreInput(prompt);
              } else if (code === Code.MODEL_OFFLINE) {
                void message.warning(MSG.modelOffline);
                restoreInput(prompt);
              } else {
                notification.error({ title: MSG.errorTitle, description: msg || MSG.streamError });
                restoreInput(prompt);
              }
            },
            onNoCount: (text) => openGateRefusal(Code.NO_COUNT, text),
            onDone() {
              if (selectIsLoggedIn(useUserStore.getState())) void useHistoryStore.getState().load();
              // A submit of 1 after a non-free model's reply; maybe the once-a-day nudge.
              void afterReply(model);
            },
            // A reply stopped after text was paid like a finished one: the same balance refresh.
            onStoppedWithText() {
              if (selectIsLoggedIn(useUserStore.getState())) void useHistoryStore.getState().load();
              void afterReply(model);
            },
          },
        );
      });
      return true;
    },
    [model, modelKey, message, notification, restoreInput, clearInputIf],
  );
  // The deferred send runs the page's latest send (its model may have changed meanwhile).
  const sendRef = useRef(send);
  sendRef.current = send;

  const stop = useCallback(() => {
    if (stopActiveReply()) void message.success(MSG.stopSuccess);
    else void message.warning(MSG.stopFailed);
  }, [message]);

  const resume = useCallback(() => {
    const refreshAfterPaid = () => {
      if (selectIsLoggedIn(useUserStore.getState())) void useHistoryStore.getState().load();
      void afterReply(model);
    };
    void resumeReplies({
      // A re-attach is never refused before its stream: the reply shows the server's words instead.
      onRefusal: () => undefined,
      onNoCount: (text) => openGateRefusal(Code.NO_COUNT, text),
      onDone: refreshAfterPaid,
      onStoppedWithText: refreshAfterPaid,
    });
  }, [model]);

  const regenerate = useCallback(
    (angle?: string): boolean => {
      const question = selectCurrentMessages(useChatStore.getState()).findLast((m) => m.target === 'user');
      if (!question) return false;
      return send(question.message, { again: question, prefs: angle ? { angle } : undefined });
    },
    [send],
  );

  const editQuestion = useCallback(
    (id: string, text: string): boolean => {
      const data = selectCurrentTree(useChatStore.getState());
      const at = data.findIndex((m) => m.id === id);
      if (at < 0) return false;
      return send(text, { parentId: parentKey(data, at) });
    },
    [send],
  );

  return { send, stop, resume, regenerate, editQuestion };
}
