import { Code, MSG, type ModelEntry, type QuotaRefusal } from '@wanxiang/contract';
import { numberCheck, numberSubmit } from '../../../api/quota';
import { RequestError } from '../../../api/request';
import { feedback } from '../../../components/feedback/holder';
import { useChatExtras } from '../../../stores/chat-extras';
import { useUserStore } from '../../../stores/user';
import { needsPrecheck, needsSubmit, paysWithPoints, shouldNudge } from './gate-rules';
import { useGateStore } from './gate-store';
import { markNudgeShown, nudgeShownToday } from './vip-nudge-cookie';

/**
 * The quota gate around one send (docs/product/quota-and-points.md §4, §6): check first (a refusal opens the count popup),
 * then after a delivered reply report a submit of 1 and maybe nudge towards membership.
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

/** Resolves true when the send may go on; otherwise the matching dialog is open. */
export async function precheckQuota(model: ModelEntry | undefined): Promise<boolean> {
  if (!model || !needsPrecheck(model, useChatExtras.getState().usePoints)) return true;
  try {
    await numberCheck({ type: model.checkKey, number: 1 }, { silent: true });
    return true;
  } catch (err) {
    if (!(err instanceof RequestError)) throw err;
    const data = (err.body as { data?: QuotaRefusal | null } | null)?.data;
    if (openGateRefusal(err.code, err.msg, data?.vip)) return false;
    // 请先登录 and logouts are handled by the request layer; other failures do not block the send.
    if (err.code === Code.UNAUTHORIZED || err.code === 4001 || err.code === 4005) return false;
    if (err.code !== 504) feedback().notifyError(MSG.errorTitle, err.msg);
    return err.code === 504;
  }
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
