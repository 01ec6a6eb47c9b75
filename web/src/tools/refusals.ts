import { Code, MSG } from '@wanxiang/contract';
import { RequestError } from '../api/request';
import { openLoginDialog } from '../app-events';
import { openBindPhoneDialog } from '../features/account/bind-phone/bind-phone-store';
import { openGateRefusal } from '../features/chat/gates/quota-gate';

/**
 * What a tool page does with a refusal or a failed run (the chat sender's rules): login opens the
 * login dialog, no phone opens the binding dialog, counts / tier / points open the membership
 * dialogs; anything else (bad input, the fair-use 429, a restart 503) is shown in the server's own
 * words. Answers the text to show, or null when a dialog took over.
 */
export function handleRunRefusal(code: number, msg: string): string | null {
  if (code === Code.UNAUTHORIZED || code === Code.LOGIN_EXPIRED || code === Code.LOGIN_INVALID) {
    openLoginDialog();
    return null;
  }
  if (code === Code.NEED_PHONE) {
    openBindPhoneDialog();
    return MSG.needPhone;
  }
  if (openGateRefusal(code, msg)) return null;
  return msg || MSG.toolAnswerFailed;
}

/**
 * The same rules for an error thrown by a tool page's request: the server's refusal as above, and
 * for anything else (the network, a bug) `failedText`, or nothing where the page had no words for it.
 * One place, so the task pages and the pages with their own calls (文章纠错...) answer alike.
 */
export function runErrorText(err: unknown, failedText?: string): string | null {
  if (err instanceof RequestError) return handleRunRefusal(err.code, err.msg);
  return failedText ?? null;
}
