import { ClientSwitchDialog } from './ClientSwitchDialog';
import { DesktopClientControls } from './DesktopClientControls';
import { PwaUpdateNotice } from './PwaUpdateNotice';

/** What desktop-client mode and the installed web app add to every page (one GlobalOverlays line). */
export function DesktopClientLayer() {
  return (
    <>
      <DesktopClientControls />
      <PwaUpdateNotice />
      <ClientSwitchDialog />
    </>
  );
}
