import { useEffect, useState } from 'react';
import { Button, Drawer, Popover } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useChatExtras } from '../../../stores/chat-extras';
import { useChatTool } from '../toolbar/chat-tool-context';
import { onChatTool } from '../toolbar/tool-bus';
import { ReplyPrefsPanel } from './ReplyPrefsPanel';
import { prefsSummary } from './prefs-rules';

/**
 * The reply-angle picker in the toolbar (tool name 'angle'). What is picked rides on every
 * later question as `prefs` until changed; the server turns it into one instruction.
 */
export function ReplyPrefsTool() {
  const { mobile } = useChatTool();
  const prefs = useChatExtras((s) => s.prefs);
  const setPrefs = useChatExtras((s) => s.setPrefs);
  const [open, setOpen] = useState(false);
  useEffect(() => onChatTool('angle', () => setOpen(true)), []);

  const summary = prefsSummary(prefs);
  const button = (
    <Button
      size="small"
      shape="round"
      icon={<CompassOutlined />}
      type={summary ? 'primary' : 'default'}
      ghost={Boolean(summary)}
      // On desktop the Popover's own click trigger opens and closes it; a second toggle here would cancel it.
      onClick={mobile ? () => setOpen(true) : undefined}
      data-testid="tool-prefs"
    >
      {summary ? `${MSG.prefsTitle}：${summary}` : MSG.prefsTitle}
    </Button>
  );
  const panel = <ReplyPrefsPanel value={prefs} onChange={setPrefs} />;

  if (mobile) {
    return (
      <>
        {button}
        <Drawer open={open} onClose={() => setOpen(false)} placement="bottom" size="70vh" title={MSG.prefsTitle}>
          {panel}
        </Drawer>
      </>
    );
  }
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="topLeft" title={MSG.prefsTitle} content={panel}>
      {button}
    </Popover>
  );
}
