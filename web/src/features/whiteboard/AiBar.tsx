import { useState } from 'react';
import { Button, Input } from 'antd';
import { ApartmentOutlined, BranchesOutlined } from '@ant-design/icons';
import { WHITEBOARD_TEXT_MAX, type WhiteboardDiagramKind } from '@wanxiang/contract';
import { T } from './texts';
import styles from './whiteboard.module.css';

interface Props {
  busy: WhiteboardDiagramKind | null;
  onGenerate: (text: string, kind: WhiteboardDiagramKind) => void;
}

/** The AI prompt: one sentence, drawn as a diagram (flowchart or sequence) or as a mind map. */
export function AiBar({ busy, onGenerate }: Props) {
  const [text, setText] = useState('');
  const go = (kind: WhiteboardDiagramKind) => onGenerate(text.trim(), kind);
  return (
    <div className={styles.aiBar}>
      <Input
        className={styles.prompt}
        value={text}
        maxLength={WHITEBOARD_TEXT_MAX}
        placeholder={T.promptPlaceholder}
        aria-label={T.generateDiagram}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => !busy && go('diagram')}
        allowClear
      />
      <Button type="primary" icon={<ApartmentOutlined />} loading={busy === 'diagram'} disabled={busy !== null && busy !== 'diagram'} onClick={() => go('diagram')}>
        {T.generateDiagram}
      </Button>
      <Button icon={<BranchesOutlined />} loading={busy === 'mindmap'} disabled={busy !== null && busy !== 'mindmap'} onClick={() => go('mindmap')}>
        {T.generateMindMap}
      </Button>
    </div>
  );
}
