import { useLocation } from 'react-router';
import { isDesktopClient } from '../desktop-client/client-mode';

/**
 * Where promos stay away (docs/product/promos.md §2):
 * - /mobilepage: most popups, the floating service icon and the bottom download bar.
 * - desktop-client mode: mobile-only pieces (first-entry carousel, service icon, download bar).
 * - automated browsers (navigator.webdriver): no promotional popups, so a script driving the app
 *   (a crawler, another area's browser test) is not blocked by an ad; localStorage
 *   promos_automation=1 opts such a browser back in (the promos browser tests do).
 */
export const AUTOMATION_OPT_IN_KEY = 'promos_automation';

export function isMobilePage(pathname: string): boolean {
  return pathname === '/mobilepage' || pathname.startsWith('/mobilepage/');
}

/**
 * `only` names one promo (e.g. 'vip'): a browser test may opt in to just that promo with
 * promos_automation=<name>, so the other popups stay out of its way; '1' opts in to all.
 */
export function automationQuiet(
  nav: { webdriver?: boolean } = navigator,
  storage: Pick<Storage, 'getItem'> | null = safeStorage(),
  only?: string,
): boolean {
  if (!nav.webdriver) return false;
  const optIn = storage?.getItem(AUTOMATION_OPT_IN_KEY) ?? '';
  if (optIn === '1') return false;
  return !(only && optIn.split(',').includes(only));
}

export interface SuppressionInput {
  pathname: string;
  desktopClient: boolean;
  automation: boolean;
  mobileOnly: boolean;
}

export function promoSuppressed({ pathname, desktopClient, automation, mobileOnly }: SuppressionInput): boolean {
  if (automation) return true;
  if (isMobilePage(pathname)) return true;
  return mobileOnly && desktopClient;
}

/** True when a promo should not show on the current page (mobileOnly: a mobile-only piece). */
export function usePromoSuppressed(mobileOnly = false): boolean {
  const { pathname } = useLocation();
  return promoSuppressed({ pathname, desktopClient: isDesktopClient(), automation: automationQuiet(), mobileOnly });
}

function safeStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}
