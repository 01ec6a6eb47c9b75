import { useCallback } from 'react';
import { App } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useChatStore } from '../../../stores/chat';
import { useCatalogStore, useModelMenus } from '../../../stores/chat-catalog';
import { chatPath } from '../model-key';
import { switchRefusal } from './menu-data';

/**
 * Switching the chat's model from any menu (docs/product/chat.md §5): refused while a reply streams
 * (请等待回话回复完成！) and for offline models (该模型尚未上线, they stay visible in menus).
 * Returns whether the switch went ahead.
 */
export function usePickModel(current: string): (key: string) => boolean {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();
  return useCallback(
    (key: string) => {
      const model = useCatalogStore.getState().byKey[key];
      const refusal = switchRefusal(useChatStore.getState().sending, model);
      if (refusal) {
        void message.warning(refusal);
        return false;
      }
      useModelMenus.getState().close();
      // A custom model's chat keeps its mode (docs/product/chat.md §2: /chat?type=..&mode=customer).
      const mode = model?.resloveType === 'customer' ? { mode: 'customer' } : undefined;
      if (key !== current || params.get('mode') !== (mode?.mode ?? null)) navigate(chatPath(key, mode));
      return true;
    },
    [current, message, navigate, params],
  );
}
