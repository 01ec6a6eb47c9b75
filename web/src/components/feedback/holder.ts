import type { App } from 'antd';

/**
 * antd's message/notification/modal APIs come from `App.useApp()` (so they follow the theme and
 * locale), but the request layer and stores have no React context. FeedbackBridge puts the live
 * API here once the app mounts; non-React code reads it through `feedback()`.
 */
export type AntdAppApi = ReturnType<typeof App.useApp>;

/** What non-React code needs: the two kinds of notice the spec uses, plus confirmations. */
export interface Feedback {
  /** A notification box with a title (the spec's '错误' / '错误1' notices). */
  notifyError(title: string, description: string): void;
  warn(text: string): void;
  success(text: string): void;
  error(text: string): void;
  confirm(opts: { title: string; content: string; onOk: () => void }): void;
}

export function feedbackFromAntd(api: AntdAppApi): Feedback {
  return {
    notifyError: (title, description) => api.notification.error({ title, description }),
    warn: (text) => void api.message.warning(text),
    success: (text) => void api.message.success(text),
    error: (text) => void api.message.error(text),
    confirm: ({ title, content, onOk }) => void api.modal.confirm({ title, content, onOk, centered: true }),
  };
}

// Before the app mounts (or in a unit test without a bridge) notices still leave a trace.
const consoleFeedback: Feedback = {
  notifyError: (title, description) => console.warn(`[${title}] ${description}`),
  warn: (text) => console.warn(text),
  success: (text) => console.info(text),
  error: (text) => console.warn(text),
  confirm: ({ onOk }) => onOk(),
};

let current: Feedback | null = null;

export function setFeedback(next: Feedback | null): void {
  current = next;
}

export function feedback(): Feedback {
  return current ?? consoleFeedback;
}
