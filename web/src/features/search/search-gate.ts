import { MSG } from '@wanxiang/contract';
import { feedback } from '../../components/feedback/holder';
import { passQuotaGate } from '../chat/gates/quota-gate';
import { isBlankQuery } from './keyword';

/**
 * The checks before a landing search (docs/product/quota-and-points.md §5, §7), for every search mode:
 * a blank query warns 请输入内容后搜索！, then the one quota gate: a visitor gets the login dialog,
 * the usage check of the mode's quota name runs and a refusal opens its dialog. Resolves true
 * when the search may start. `silentBlank`: the unified page, where a blank query does nothing.
 */
export async function canStartSearch(query: string, quotaKey?: string, opts: { silentBlank?: boolean } = {}): Promise<boolean> {
  if (isBlankQuery(query)) {
    if (!opts.silentBlank) feedback().warn(MSG.searchEmptyQuery);
    return false;
  }
  return passQuotaGate({ quotaKey, requireLogin: true });
}
