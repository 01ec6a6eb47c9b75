import { useEffect, useState } from 'react';
import { Button, Drawer, Popover, Segmented } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { useChatTool } from '../toolbar/chat-tool-context';
import { onChatTool } from '../toolbar/tool-bus';
import styles from './prefs.module.css';

type ExampleTag = 'qa' | 'create';
const TAGS = [
  { value: 'qa', label: MSG.examplesTagQa },
  { value: 'create', label: MSG.examplesTagCreate },
];

/**
 * The question/creation tag picker with the example questions (tool name 'examples'): picking one
 * puts it in the input to edit or send. On mobile the plus panel opens it.
 */
export function ExamplesTool() {
  const { mobile, fillInput } = useChatTool();
  const [open, setOpen] = useState(false);
  const [tag, setTag] = useState<ExampleTag>('qa');
  useEffect(() => onChatTool('examples', () => setOpen(true)), []);

  const pick = (q: string) => {
    fillInput(q);
    setOpen(false);
  };
  const list = tag === 'qa' ? MSG.chatExamplesQa : MSG.chatExamplesCreate;
  const content = (
    <div className={styles.examples} data-testid="examples-panel">
      <Segmented size="small" options={TAGS} value={tag} onChange={(v) => setTag(v as ExampleTag)} />
      <div className={styles.exampleList}>
        {list.map((q) => (
          <Button key={q} className={styles.example} onClick={() => pick(q)}>
            {q}
          </Button>
        ))}
      </div>
    </div>
  );

  if (mobile) {
    return (
      <Drawer open={open} onClose={() => setOpen(false)} placement="bottom" size="auto" title={MSG.examplesTitle}>
        {content}
      </Drawer>
    );
  }
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="topLeft" title={MSG.examplesTitle} content={content}>
      <Button size="small" shape="round" icon={<BulbOutlined />} data-testid="tool-examples">
        {MSG.examplesTitle}
      </Button>
    </Popover>
  );
}
