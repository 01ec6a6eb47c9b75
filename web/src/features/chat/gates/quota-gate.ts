import { Code, LOGOUT_CODES, MSG, type ModelEntry, type QuotaRefusal } from '@wanxiang/contract';
import { numberCheck, numberSubmit } from '../../../api/quota';
import { RequestError } from '../../../api/request';
import { openLoginDialog } from '../../../app-events';
import { feedback } from '../../../components/feedback/holder';
import { useChatExtras } from '../../../stores/chat-extras';
import { useUserStore } from '../../../stores/user';
import { openBindPhoneDialog } from '../../account/bind-phone/bind-phone-store';
import { needsPrecheck, needsSubmit, paysWithPoints, shouldNudge } from './gate-rules';
import { useGateStore } from './gate-store';
import { markNudgeShown, nudgeShownToday } from './vip-nudge-cookie';

/**
 * The quota gate (docs/product/quota-and-points.md §4-§7): one check before any metered work (a refusal opens its
 * dialog), and after a delivered chat reply a submit of 1 and maybe a nudge towards membership.
 */

const vipNow = () => useUserStore.getState().user?.vip ?? 0;

/** Open the dialog for a refusal code of the chat route or the check; false when the code is not a gate's. */
export function openGateRefusal(code: number, msg: string, vip = vipNow()): boolean {
  const gate = useGateStore.getState();
  if (code === Code.NO_COUNT) gate.open({ kind: 'count', vip, text: msg || MSG.countExhausted });
  else if (code === Code.TIER_DENIED) gate.open({ kind: 'tier', text: msg });
  else if (code === Code.NO_POINTS) gate.open({ kind: 'points', text: msg });
  else return false;
  return true;
}

export interface QuotaGateOptions {
  /** The usage name to check (a model's checkKey, a search mode's quota name); none: no check. */
  quotaKey?: string;
  /** A visitor gets the login dialog and no-go (searches); the chat sender checks login itself. */
  requireLogin?: boolean;
  /**
   * A check that could not run: 'go' lets the work start (searches); 'notify' tells the error and
   * stops, except a time-out, which lets the send go on (chat).
   */
  onCheckError?: 'go' | 'notify';
}

/**
 * The one quota gate before any metered work (chat send, searches, tools): login when asked, the
 * usage check of the quota name, and on a refusal the matching dialog (count popup, tier dialog,
 * points, bind phone). Resolves true for go; for no-go the dialog or message is already shown.
 */
export async function passQuotaGate({ quotaKey, requireLogin = false, onCheckError = 'go' }: QuotaGateOptions): Promise<boolean> {
  if (requireLogin && !useUserStore.getState().user) {
    openLoginDialog();
    return false;
  }
  if (!quotaKey) return true;
  try {
    await numberCheck({ type: quotaKey, number: 1 }, { silent: true });
    return true;
  } catch (err) {
    if (!(err instanceof RequestError)) {
      if (onCheckError === 'go') return true;
      throw err;
    }
    const data = (err.body as { data?: QuotaRefusal | null } | null)?.data;
    if (openGateRefusal(err.code, err.msg, data?.vip)) return false;
    if (err.code === Code.NEED_PHONE) {
      feedback().warn(MSG.needPhone);
      openBindPhoneDialog();
      return false;
    }
    // 请先登录 and logouts are handled by the request layer (it opens the login dialog).
    if (err.code === Code.UNAUTHORIZED || LOGOUT_CODES.includes(err.code)) return false;
    if (onCheckError === 'go') return true;
    if (err.code !== 504) feedback().notifyError(MSG.errorTitle, err.msg);
    return err.code === 504;
  }
}

/** Before a chat send: the gate of the model's quota name (v35 and points-paid replies skip it). */
export async function precheckQuota(model: ModelEntry | undefined): Promise<boolean> {
  if (!model || !needsPrecheck(model, useChatExtras.getState().usePoints)) return true;
  return passQuotaGate({ quotaKey: model.checkKey, onCheckError: 'notify' });
}

/** After a delivered reply: points-paid replies reload the balance; non-free models submit 1, then maybe the nudge. */
export async function afterReply(model: ModelEntry | undefined): Promise<void> {
  if (!model) return;
  if (paysWithPoints(model, useChatExtras.getState().usePoints)) void useUserStore.getState().refreshUser();
  if (!needsSubmit(model)) return;
  try {
    const b = await numberSubmit({ type: model.checkKey, number: 1 }, { silent: true });
    if (!shouldNudge(b, vipNow(), nudgeShownToday())) return;
    markNudgeShown();
    useGateStore.getState().open({ kind: 'nudge', left: b.balance, maxNumber: b.maxNumber });
  } catch {
    // A report that fails changes nothing the user needs to know.
  }
}
