import { useCallback, useEffect, useState } from 'react';
import type { InvitationInfoRes } from '@wanxiang/contract';
import { getInvitationInfo } from '../../api/invite';

/** The inviter's figures, loaded on mount; `reload` after opening the permission or a cash-out. */
export function useInviteInfo(): { info: InvitationInfoRes | null; failed: boolean; reload: () => Promise<void> } {
  const [info, setInfo] = useState<InvitationInfoRes | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      setInfo(await getInvitationInfo());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { info, failed, reload };
}
