import { MSG } from '@wanxiang/contract';
import { DeckFromFile } from './DeckFromFile';

/** /AiFile/ppt/fileCreatePpt (文档生成PPT): a document's chapters become the outline of a new deck. */
export default function DocPptPage({ title }: { title?: string }) {
  return <DeckFromFile title={title ?? '文档生成PPT'} lead={MSG.filePptCardDocDesc} from="doc" />;
}
