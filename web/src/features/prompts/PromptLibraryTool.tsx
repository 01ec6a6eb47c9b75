import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useChatTool } from '../chat/toolbar/chat-tool-context';
import { onChatTool } from '../chat/toolbar/tool-bus';

const PromptLibraryModal = lazy(() => import('./PromptLibraryModal').then((m) => ({ default: m.PromptLibraryModal })));

/** Bottom tool 'prompts': the button and the local prompt library it opens (also via the tool bus). */
export function PromptLibraryTool() {
  const tool = useChatTool();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  useEffect(
    () =>
      onChatTool('prompts', () => {
        setMounted(true);
        setOpen(true);
      }),
    [],
  );

  return (
    <>
      <Button
        size="small"
        icon={<BookOutlined />}
        data-testid="tool-prompts"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {MSG.promptToolButton}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <PromptLibraryModal open={open} mobile={tool.mobile} onClose={() => setOpen(false)} onUse={tool.fillInput} />
        </Suspense>
      )}
    </>
  );
}
