import { VipCountdownPromo } from '../features/vip-promos/VipCountdownPromo';
import { RecommendVipDialog } from '../features/vip-promos/RecommendVipDialog';
/**
 * Dialogs, floating icons and timers that belong to the whole app (shell 2.5, 4), mounted once
 * by AppShell. Each area adds its component here with one line; each component decides itself
 * when to show (login state, cookies, /mobilepage suppression).
 */
export function GlobalOverlays() {
  return (
    <>
      <VipCountdownPromo />
      <RecommendVipDialog />
    </>
  );
}
