import { UpdateDialog } from '../features/promos/UpdateDialog';
import { GlobalNoticeDialog } from '../features/promos/GlobalNoticeDialog';
import { NoticeDialog } from '../features/promos/NoticeDialog';
import { ModelPromo } from '../features/promos/ModelPromo';
import { GuideCarousel } from '../features/promos/GuideCarousel';
import { DeepSeekDialog } from '../features/promos/DeepSeekDialog';
import { AgentGuide } from '../features/promos/AgentGuide';
import { FirstEntryCarousel } from '../features/promos/FirstEntryCarousel';
import { ServiceFloat } from '../features/promos/ServiceFloat';
import { DownloadBar } from '../features/promos/DownloadBar';
import { NewYearFloat } from '../features/promos/NewYearFloat';
import { SigninDialog } from '../features/signin/SigninDialog';
import { UsageDialog } from '../features/usage/UsageDialog';
import { VipCountdownPromo } from '../features/vip-promos/VipCountdownPromo';
import { RecommendVipDialog } from '../features/vip-promos/RecommendVipDialog';
import { DownloadDialog } from '../features/info/DownloadDialog';
import { DesktopClientLayer } from '../features/desktop-client/DesktopClientLayer';
import { PayQrDialog } from '../features/vip/PayQrDialog';
import { FallbackGates } from '../tools/FallbackGates';
import { ShortcutSheet } from '../features/shortcuts/ShortcutSheet';
/**
 * Dialogs, floating icons and timers that belong to the whole app (docs/product/shell-and-navigation.md §2, §4), mounted once
 * by AppShell. Each area adds its component here with one line; each component decides itself
 * when to show (login state, cookies, /mobilepage suppression).
 */
export function GlobalOverlays() {
  return (
    <>
      <UpdateDialog />
      <GlobalNoticeDialog />
      <NoticeDialog />
      <ModelPromo />
      <GuideCarousel />
      <DeepSeekDialog />
      <AgentGuide />
      <FirstEntryCarousel />
      <ServiceFloat />
      <DownloadBar />
      <NewYearFloat />
      <SigninDialog />
      <UsageDialog />
      <VipCountdownPromo />
      <RecommendVipDialog />
      <DownloadDialog />
      <DesktopClientLayer />
      <PayQrDialog />
      <FallbackGates />
      <ShortcutSheet />
    </>
  );
}
