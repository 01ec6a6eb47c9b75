import { useEffect, useRef, useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';

/** Copies text; shows a check for one second (docs/product/chat.md §4) and 复制成功. */
export function CopyButton({ text }: { text: string }) {
  const { message } = App.useApp();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard API refused (plain http, permissions): fall back to a hidden textarea.
      const ta = document.createElement('textarea');
      ta.value = text;
      ta.style.position = 'fixed';
      ta.style.opacity = '0';
      document.body.appendChild(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    void message.success(MSG.copySuccess);
    setDone(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setDone(false), 1000);
  };

  return (
    <Tooltip title={MSG.chatCopy}>
      <Button
        type="text"
        size="small"
        aria-label={MSG.chatCopy}
        icon={done ? <CheckOutlined style={{ color: '#10a37f' }} /> : <CopyOutlined />}
        onClick={() => void copy()}
      />
    </Tooltip>
  );
}
