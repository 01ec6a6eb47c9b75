import { useEffect } from 'react';
import { App } from 'antd';
import { useBlocker } from 'react-router';
import { MSG } from '@wanxiang/contract';

/**
 * Leaving the chat page while a reply streams is refused with 正在对话中请等待对话完毕在进行跳转
 * (docs/product/chat.md §5). Only a change of page counts: switching models stays on the page and has its
 * own rule (请等待回话回复完成！).
 */
export function useLeaveGuard(sending: boolean): void {
  const { message } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => sending && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void message.warning(MSG.leaveWhileChatting);
    blocker.reset();
  }, [blocker, message]);
}
