import { create } from 'zustand';
import { LIMITS, PROMO_LIMITS, type ConfigInitRes } from '@wanxiang/contract';
import { configInit } from '../../api/promos';
import { isClientSource, isDesktopClient } from '../desktop-client/client-mode';
import { isMobileViewport } from '../../hooks/useIsMobile';

/**
 * config/init is asked once per visit; the update dialog and the banana promo both read the answer.
 * A failure leaves it null: neither shows.
 */
interface PromoConfigState {
  init: ConfigInitRes | null;
  load(): void;
}

let started = false;

export const usePromoConfig = create<PromoConfigState>()((set) => ({
  init: null,
  load: () => {
    if (started) return;
    started = true;
    const desktop = isDesktopClient();
    // The client names itself in ?source= (bianjie_pc or wanxiang_pc); an installed web client has none.
    const fromQuery = new URLSearchParams(window.location.search).get('source');
    configInit({
      source: desktop ? (fromQuery && isClientSource(fromQuery) ? fromQuery : 'wanxiang_pc') : isMobileViewport() ? 'mobile' : 'web',
      pc_version: desktop ? PROMO_LIMITS.pcVersion : undefined,
      web_version: LIMITS.webVersion,
    }).then(
      (init) => set({ init }),
      () => {
        // Silent by design (docs/product/promos.md §8): no promo, no prompt.
      },
    );
  },
}));
