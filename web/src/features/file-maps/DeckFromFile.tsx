import { useState } from 'react';
import { App, Button, Card } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { MSG, type DocSourceRes, type PptOutlineReq } from '@wanxiang/contract';
import { PptWizard } from '../slides/PptWizard';
import { usePptFlow } from '../slides/use-ppt-flow';
import { FileSourcePicker } from './FileSourcePicker';
import styles from './file-maps.module.css';

/**
 * A deck from an uploaded file (docs/product/mindmap-and-slides.md §11): the file is read, then the existing wizard
 * streams an outline from it (editable), the user picks one of our templates and the deck is built and downloaded.
 */
export function DeckFromFile({ title, lead, from }: { title: string; lead: string; from: 'doc' | 'oldPpt' }) {
  const { message } = App.useApp();
  const [doc, setDoc] = useState<DocSourceRes | null>(null);
  const [source, setSource] = useState<PptOutlineReq | null>(null);
  const flow = usePptFlow();

  const start = () => {
    if (!doc) return void message.warning(MSG.docSourceNeedFile);
    if (flow.outlining || flow.phase === 'building') return void message.warning(MSG.slidesNotReady);
    flow.reset();
    // A new object each time: the wizard starts again on a new source value (重新生成 of the same file too).
    setSource({ fileId: doc.fileId, from });
  };

  const pick = (res: DocSourceRes | null) => {
    setDoc(res);
    if (!res) setSource(null);
  };

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1>{title}</h1>
        <p>{lead}</p>
      </div>
      <div className={styles.deck}>
        <Card>
          <div className={styles.source}>
            <FileSourcePicker
              use={from === 'oldPpt' ? 'oldPpt' : 'ppt'}
              value={doc}
              onChange={pick}
              headingsLabel={from === 'oldPpt' ? MSG.fileOldPptTitles : MSG.fileSourceHeadings}
            />
            <Button
              type="primary"
              size="large"
              icon={<ThunderboltOutlined />}
              loading={flow.outlining}
              disabled={!doc}
              onClick={start}
              data-testid="deck-outline-start"
            >
              {MSG.fileSourceGenerateOutline}
            </Button>
          </div>
        </Card>
        {source && (
          <Card>
            <PptWizard flow={flow} source={source} />
          </Card>
        )}
      </div>
    </div>
  );
}
