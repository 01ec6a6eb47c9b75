import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { MSG, type PersonaItem } from '@wanxiang/contract';
import { useChatStore } from '../../stores/chat';
import { useChatTool } from '../chat/toolbar/chat-tool-context';
import { onChatTool } from '../chat/toolbar/tool-bus';
import { startPersonaChat } from './start-persona-chat';

const PersonaDialog = lazy(() => import('./PersonaDialog').then((m) => ({ default: m.PersonaDialog })));

/** Bottom tool 'persona': the button and the persona dialog it opens (also via the tool bus). */
export function PersonaTool() {
  const tool = useChatTool();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);

  useEffect(() => onChatTool('persona', show), [show]);

  const start = useCallback(
    (p: PersonaItem) => {
      if (useChatStore.getState().sending) {
        void message.warning(MSG.replyPending);
        return;
      }
      startPersonaChat(p, tool.modelKey);
      setOpen(false);
    },
    [message, tool.modelKey],
  );

  return (
    <>
      <Button size="small" icon={<TeamOutlined />} data-testid="tool-persona" onClick={show}>
        {MSG.personaToolButton}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <PersonaDialog open={open} mobile={tool.mobile} onClose={() => setOpen(false)} onStart={start} />
        </Suspense>
      )}
    </>
  );
}
