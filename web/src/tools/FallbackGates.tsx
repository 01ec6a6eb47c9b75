import { useGateStore } from '../features/chat/gates/gate-store';
import { ToolGates } from './ToolGates';

/**
 * The membership dialogs (count, tier, points) and the phone-binding dialog for pages that host
 * none of their own (slides, mind maps, search, the cloud disk, file tools...): mounted once by the
 * app shell, rendered only while no page host is mounted, so a refusal opens its dialog everywhere.
 */
export function FallbackGates() {
  const hosts = useGateStore((s) => s.hosts);
  return hosts === 0 ? <ToolGates fallback /> : null;
}
