import { MSG, type QuotaRefusal } from '@wanxiang/contract';
import { numberCheck } from '../../api/quota';
import { RequestError } from '../../api/request';
import { openLoginDialog } from '../../app-events';
import { feedback } from '../../components/feedback/holder';
import { useUserStore } from '../../stores/user';
import { openGateRefusal } from '../chat/gates/quota-gate';
import { isBlankQuery } from './keyword';

/**
 * The checks before a landing search (docs/product/quota-and-points.md §5, §7), for every search mode:
 * a blank query warns 请输入内容后搜索！, a visitor gets the login dialog, then the usage check
 * of the mode's quota name runs and a refusal opens the upgrade/count dialog. Resolves true
 * when the search may start. `silentBlank`: the unified page, where a blank query does nothing.
 */
export async function canStartSearch(query: string, quotaKey?: string, opts: { silentBlank?: boolean } = {}): Promise<boolean> {
  if (isBlankQuery(query)) {
    if (!opts.silentBlank) feedback().warn(MSG.searchEmptyQuery);
    return false;
  }
  if (!useUserStore.getState().user) {
    openLoginDialog();
    return false;
  }
  if (!quotaKey) return true;
  try {
    await numberCheck({ type: quotaKey, number: 1 }, { silent: true });
    return true;
  } catch (err) {
    if (!(err instanceof RequestError)) return true;
    const data = (err.body as { data?: QuotaRefusal | null } | null)?.data;
    if (openGateRefusal(err.code, err.msg, data?.vip)) return false;
    // Only a refusal stops the search; a check that could not run does not.
    return true;
  }
}
