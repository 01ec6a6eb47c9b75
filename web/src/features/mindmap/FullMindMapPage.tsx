import { useState } from 'react';
import { App, Button, Input, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { MindMapView } from './MindMapView';
import { useMindMapBusy, useMindMapGenerate } from './use-mindmap-generate';
import styles from './mindmap.module.css';

const SAMPLE = MSG.mindmapFullPlaceholder;

/**
 * /FullMindPage: paste or write a markdown outline and see it drawn at once, or have the model
 * outline a plain text first (AI 生成导图, counted as doc_mindmap).
 */
export default function FullMindMapPage() {
  const { message } = App.useApp();
  const [text, setText] = useState<string>(SAMPLE);
  const gen = useMindMapGenerate();
  const otherRunning = useMindMapBusy((s) => s.running);
  const [shown, setShown] = useState<'text' | 'generated'>('text');
  const markdown = shown === 'generated' ? gen.markdown : text;

  const generate = async () => {
    if (!text.trim()) return void message.warning(MSG.mindmapContentRequired);
    if (gen.generating || otherRunning) return void message.warning(MSG.mindmapBusy);
    setShown('generated');
    await gen.start(text);
  };

  return (
    <div className={styles.full} data-testid="full-mindmap-page">
      <div className={styles.editor}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {MSG.mindmapFullTitle}
        </Typography.Title>
        <Typography.Text type="secondary">{MSG.mindmapFullHint}</Typography.Text>
        <Input.TextArea
          value={text}
          aria-label={MSG.mindmapFullTitle}
          data-testid="full-mindmap-input"
          placeholder={MSG.mindmapFullPlaceholder}
          onChange={(e) => {
            setText(e.target.value);
            setShown('text');
          }}
        />
        <Button type="primary" icon={<ThunderboltOutlined />} loading={gen.generating} onClick={() => void generate()} data-testid="full-mindmap-ai">
          {MSG.mindmapAiGenerate}
        </Button>
      </div>
      <MindMapView markdown={markdown} streaming={shown === 'generated' && gen.generating} />
    </div>
  );
}
