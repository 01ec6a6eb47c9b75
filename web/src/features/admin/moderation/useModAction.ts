import { useState } from 'react';
import { App } from 'antd';
import { errorText } from '../useLoad';

/**
 * A one-click moderation action (approve, restore): the answer as a toast, the server's own Chinese sentence when it
 * refused (another admin was quicker), then the queue reloads either way so it shows the item's real state.
 */
export function useModAction(reload: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<object>, done: string) => {
    setBusy(true);
    try {
      await call();
      void message.success(done);
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
      reload();
    }
  };
  return { busy, act };
}
