import { MSG } from '@wanxiang/contract';
import { DeckFromFile } from './DeckFromFile';

/** /AiFile/ppt/oldPptCreateNewPpt (旧PPT翻新): an old .pptx's slide titles, in order, become a new deck in our templates. */
export default function OldPptPage({ title }: { title?: string }) {
  return <DeckFromFile title={title ?? '旧PPT翻新'} lead={MSG.filePptCardOldDesc} from="oldPpt" />;
}
