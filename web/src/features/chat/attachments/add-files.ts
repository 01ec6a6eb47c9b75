import { MSG } from '@wanxiang/contract';
import { uploadAttachment } from '../../../api/uploads';
import { RequestError } from '../../../api/request';
import { feedback } from '../../../components/feedback/holder';
import { useChatExtras, type Attachment } from '../../../stores/chat-extras';
import { checkPick } from './attach-rules';

let seq = 0;
const newUid = () => `att-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/**
 * Add picked, dropped or pasted files to the next question: check the rules, show each as a
 * chip 解析中..., upload it, then mark it complete or failed with the reason. Returns false
 * (after telling the user why) when the files were refused.
 */
export function addAttachmentFiles(files: readonly File[], opts: { sending: boolean; want?: 'image' | 'file' | null }): boolean {
  if (opts.sending) {
    feedback().warn(MSG.busyChatting);
    return false;
  }
  const store = useChatExtras.getState();
  const verdict = checkPick(store.attachments, store.docMode, files, opts.want ?? null);
  if (!verdict.ok) {
    feedback().warn(verdict.msg);
    return false;
  }
  store.setDocMode(verdict.mode);
  const added: Attachment[] = verdict.files.map((f) => ({
    uid: newUid(),
    name: f.name,
    type: verdict.mode === 'image' ? 'image' : 'doc',
    size: f.size,
    status: 'loading',
    preview: verdict.mode === 'image' ? URL.createObjectURL(f) : undefined,
  }));
  store.setAttachments((prev) => [...prev, ...added]);
  added.forEach((a, i) => void upload(a.uid, verdict.files[i]!, verdict.mode));
  return true;
}

async function upload(uid: string, file: File, mode: 'image' | 'file'): Promise<void> {
  const update = (patch: Partial<Attachment>) =>
    useChatExtras.getState().setAttachments((prev) => prev.map((a) => (a.uid === uid ? { ...a, ...patch } : a)));
  try {
    const res = await uploadAttachment(file);
    update({ status: 'complete', fileId: res.fileId, chars: res.chars });
  } catch (err) {
    const fallback = mode === 'image' ? MSG.imageUploadFailed : MSG.fileUploadFailed;
    update({ status: 'error', reason: err instanceof RequestError && err.message ? err.message : fallback });
  }
}

/** Take an attachment off the next question; the mode is free again once none is left. */
export function removeAttachment(uid: string): void {
  const store = useChatExtras.getState();
  const gone = store.attachments.find((a) => a.uid === uid);
  if (gone?.preview) URL.revokeObjectURL(gone.preview);
  const rest = store.attachments.filter((a) => a.uid !== uid);
  store.setAttachments(rest);
  if (rest.length === 0) store.setDocMode(null);
}
