import { create } from 'zustand';
import type { ChatRequest } from '@wanxiang/contract';

/**
 * What the next question carries besides its text, set by the composer's tools: attachments
 * (upload tool), the web-search source (search picker), points deduction (quota toggle) and
 * reply preferences (angle picker). chat-runner reads `requestExtras()` into the request body.
 */

export type AttachmentStatus = 'loading' | 'complete' | 'error';

/** File item (docs/product/chat.md §3): name, type, status, size, result, reason, fileId. */
export interface Attachment {
  /** Local id (the upload's key until the server answers with fileId). */
  uid: string;
  name: string;
  type: string;
  size: number;
  status: AttachmentStatus;
  /** Server upload id, once parsed. */
  fileId?: string;
  /** Extracted characters (documents). */
  chars?: number;
  /** Object URL preview (images). */
  preview?: string;
  /** Why it failed (shown under the chip); 解析失败 by default. */
  reason?: string;
}

/** image mode and file mode never mix (docs/product/chat.md §4). */
export type DocMode = 'image' | 'file' | null;

export interface ReplyPrefs {
  angle?: string;
  modifiers?: string[];
  length?: string;
  language?: string;
}

export interface ChatExtrasState {
  attachments: Attachment[];
  docMode: DocMode;
  /** Web-search source key; '' = not enabled. */
  internet: string;
  /** allow_points models: pay with points (开启积分抵扣). */
  usePoints: boolean;
  prefs: ReplyPrefs;
  setAttachments(next: Attachment[] | ((prev: Attachment[]) => Attachment[])): void;
  setDocMode(mode: DocMode): void;
  setInternet(key: string): void;
  setUsePoints(on: boolean): void;
  setPrefs(prefs: ReplyPrefs): void;
  /** After a question is accepted: attachments belong to that question only. */
  clearAfterSend(): void;
}

export const useChatExtras = create<ChatExtrasState>()((set) => ({
  attachments: [],
  docMode: null,
  internet: '',
  usePoints: false,
  prefs: {},
  setAttachments: (next) => set((s) => ({ attachments: typeof next === 'function' ? next(s.attachments) : next })),
  setDocMode: (docMode) => set({ docMode }),
  setInternet: (internet) => set({ internet }),
  setUsePoints: (usePoints) => set({ usePoints }),
  setPrefs: (prefs) => set({ prefs }),
  clearAfterSend: () => set({ attachments: [], docMode: null }),
}));

/** The request-body fields of the current extras (only those that are set). */
export function requestExtras(s: ChatExtrasState = useChatExtras.getState()): Partial<ChatRequest> {
  const out: Partial<ChatRequest> = {};
  const files = s.attachments.filter((a) => a.status === 'complete' && a.fileId).map((a) => a.fileId as string);
  if (files.length) out.files = files;
  if (s.internet) out.internet = s.internet;
  if (s.usePoints) out.usePoints = true;
  if (Object.values(s.prefs).some((v) => (Array.isArray(v) ? v.length > 0 : Boolean(v)))) out.prefs = { ...s.prefs };
  return out;
}
