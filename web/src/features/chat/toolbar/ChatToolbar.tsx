import type { ReactNode } from 'react';
import { SearchSourcePicker } from '../search/SearchSourcePicker';
import { PromptLibraryTool } from '../../prompts/PromptLibraryTool';
import { PersonaTool } from '../../personas/PersonaTool';
import { ReplyPrefsTool } from '../prefs/ReplyPrefsTool';
import { ExamplesTool } from '../prefs/ExamplesTool';
import { ClearChatTool } from '../actions/ClearChatTool';
import { SendKeySetting } from '../prefs/SendKeySetting';
import { UnderstandTool } from '../import/UnderstandTool';
import { ChatGates } from '../gates/ChatGates';
import styles from './toolbar.module.css';

/**
 * The row of bottom tools above the input (docs/product/chat.md §2). Each tool is a
 * self-contained button-plus-dialog component that reads the page through useChatTool();
 * add one line here per tool.
 */
const TOOLS: ReactNode[] = [
  <UnderstandTool key="understand" />,
  <SearchSourcePicker key="search" />,
  <PromptLibraryTool key="prompts" />,
  <PersonaTool key="persona" />,
  <ReplyPrefsTool key="angle" />,
  <ExamplesTool key="examples" />,
  <ClearChatTool key="clear" />,
  <SendKeySetting key="send-key" />,
  <ChatGates key="gates" />,
];

export function ChatToolbar() {
  if (TOOLS.length === 0) return null;
  return (
    <div className={styles.toolbar} data-testid="chat-toolbar">
      {TOOLS}
    </div>
  );
}
