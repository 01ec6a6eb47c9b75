import { MSG } from '@wanxiang/contract';
import { FileHub } from './FileHub';
import { PPT_HUB_IDS } from './hubs';

/** /AiFile/ppt: 一句话生成PPT (the existing flow), 文档生成PPT, 旧PPT翻新. */
export default function PptHubPage({ title }: { title?: string }) {
  return <FileHub title={title ?? MSG.filePptHubTitle} lead={MSG.filePptHubSubtitle} ids={PPT_HUB_IDS} testId="ppt-hub" />;
}
