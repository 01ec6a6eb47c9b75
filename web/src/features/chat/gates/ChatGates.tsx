import { BindPhoneDialog } from '../../account/bind-phone/BindPhoneDialog';
import { GateDialogs } from './GateDialogs';
import { useGateHost } from './gate-store';
import { PointsToggle } from './PointsToggle';

/**
 * The chat page's gates in one toolbar slot: the points toggle (visible on allow_points models),
 * the membership dialogs and the phone-binding dialog (both rendered in portals).
 */
export function ChatGates() {
  useGateHost();
  return (
    <>
      <PointsToggle />
      <GateDialogs />
      <BindPhoneDialog />
    </>
  );
}
