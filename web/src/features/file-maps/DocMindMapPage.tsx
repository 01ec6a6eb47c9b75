import { useState } from 'react';
import { App, Button, Input, Tabs } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { MINDMAP_CONTENT_MAX, MSG, type DocSourceRes } from '@wanxiang/contract';
import { openLoginDialog } from '../../app-events';
import { useUserStore } from '../../stores/user';
import { useMindMapBusy, useMindMapGenerate } from '../mindmap/use-mindmap-generate';
import { FileSourcePicker } from './FileSourcePicker';
import { MapResult } from './MapResult';
import styles from './file-maps.module.css';

/**
 * /AiFile/mapping/docsCreateMarkmap (文档生成导图): a document (its headings lead the branches) or a pasted text
 * becomes a mind map in the existing view, one doc_mindmap count each (docs/product/mindmap-and-slides.md §11).
 */
export default function DocMindMapPage({ title }: { title?: string }) {
  const { message } = App.useApp();
  const loggedIn = useUserStore((s) => Boolean(s.user));
  const [tab, setTab] = useState<'file' | 'text'>('file');
  const [doc, setDoc] = useState<DocSourceRes | null>(null);
  const [text, setText] = useState('');
  const gen = useMindMapGenerate();
  const otherRunning = useMindMapBusy((s) => s.running);

  const generate = async () => {
    if (!loggedIn) return openLoginDialog();
    if (gen.generating || otherRunning) return void message.warning(MSG.mindmapBusy);
    if (tab === 'file') {
      if (!doc) return void message.warning(MSG.docSourceNeedFile);
      return gen.start({ fileId: doc.fileId });
    }
    if (!text.trim()) return void message.warning(MSG.mindmapContentRequired);
    return gen.start(text);
  };

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1>{title ?? '文档生成导图'}</h1>
        <p>{MSG.fileMapsCardDocDesc}</p>
      </div>
      <div className={styles.workspace}>
        <div className={styles.side}>
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as 'file' | 'text')}
            items={[
              { key: 'file', label: MSG.fileSourceUploadTab, children: <FileSourcePicker use="mindmap" value={doc} onChange={setDoc} /> },
              {
                key: 'text',
                label: MSG.fileSourcePasteTab,
                children: (
                  <Input.TextArea
                    rows={12}
                    value={text}
                    maxLength={MINDMAP_CONTENT_MAX}
                    showCount
                    placeholder={MSG.fileSourcePastePlaceholder}
                    aria-label={MSG.fileSourcePasteTab}
                    onChange={(e) => setText(e.target.value)}
                    data-testid="doc-map-text"
                  />
                ),
              },
            ]}
          />
          <Button
            type="primary"
            size="large"
            icon={<ThunderboltOutlined />}
            loading={gen.generating}
            onClick={() => void generate()}
            data-testid="doc-map-generate"
          >
            {MSG.fileSourceGenerateMap}
          </Button>
        </div>
        <MapResult gen={gen} />
      </div>
    </div>
  );
}
