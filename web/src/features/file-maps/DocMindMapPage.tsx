import { useState } from 'react';
import { App, Input, Tabs } from 'antd';
import { MINDMAP_CONTENT_MAX, MSG, type DocSourceRes } from '@wanxiang/contract';
import { useMindMapGenerate } from '../mindmap/use-mindmap-generate';
import { FileSourcePicker } from './FileSourcePicker';
import { MapWorkspace } from './MapWorkspace';

/**
 * /AiFile/mapping/docsCreateMarkmap (文档生成导图): a document (its headings lead the branches) or a pasted text
 * becomes a mind map in the existing view, one doc_mindmap count each (docs/product/mindmap-and-slides.md §11).
 */
export default function DocMindMapPage({ title }: { title?: string }) {
  const { message } = App.useApp();
  const [tab, setTab] = useState<'file' | 'text'>('file');
  const [doc, setDoc] = useState<DocSourceRes | null>(null);
  const [text, setText] = useState('');
  const gen = useMindMapGenerate();

  const generate = async () => {
    if (tab === 'file') {
      if (!doc) return void message.warning(MSG.docSourceNeedFile);
      return gen.start({ fileId: doc.fileId });
    }
    if (!text.trim()) return void message.warning(MSG.mindmapContentRequired);
    return gen.start(text);
  };

  return (
    <MapWorkspace title={title ?? '文档生成导图'} desc={MSG.fileMapsCardDocDesc} gen={gen} onGenerate={generate} generateTestId="doc-map-generate">
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
    </MapWorkspace>
  );
}
