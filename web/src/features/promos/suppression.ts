import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { PromoSwitch } from '@wanxiang/contract';
import { usePromoConfig } from './config-store';
import { isDesktopClient } from '../desktop-client/client-mode';

/**
 * Where promos stay away (docs/product/promos.md §2):
 * - /mobilepage: most popups, the floating service icon and the bottom download bar.
 * - desktop-client mode: mobile-only pieces (first-entry carousel, service icon, download bar).
 * - a promo the operator switched off in the promos file (`show`, answered by config/init); until
 *   that answer arrives, and when it fails, a switchable promo stays hidden.
 */

export function isMobilePage(pathname: string): boolean {
  return pathname === '/mobilepage' || pathname.startsWith('/mobilepage/');
}

export interface SuppressionInput {
  pathname: string;
  desktopClient: boolean;
  mobileOnly: boolean;
  /** The operator's switch for this promo; undefined = not answered yet (hidden); null = a promo without one. */
  switchedOn: boolean | null | undefined;
}

export function promoSuppressed({ pathname, desktopClient, mobileOnly, switchedOn }: SuppressionInput): boolean {
  if (switchedOn === false || switchedOn === undefined) return true;
  if (isMobilePage(pathname)) return true;
  return mobileOnly && desktopClient;
}

/**
 * True when a promo should not show on the current page (mobileOnly: a mobile-only piece; key: its
 * switch in the promos file, for promos that have no data of their own to turn them off).
 */
export function usePromoSuppressed(mobileOnly = false, key?: PromoSwitch): boolean {
  const { pathname } = useLocation();
  const show = usePromoConfig((s) => s.init?.show);
  useEffect(() => {
    if (key) usePromoConfig.getState().load();
  }, [key]);
  const switchedOn = key === undefined ? null : show?.[key];
  return promoSuppressed({ pathname, desktopClient: isDesktopClient(), mobileOnly, switchedOn });
}
