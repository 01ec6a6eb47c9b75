import { MSG } from '@wanxiang/contract';
import { FileHub } from './FileHub';
import { MAP_HUB_IDS } from './hubs';

/** /AiFile/mapping: 文字生成导图 (the existing editor), 文档生成导图, 音频生成导图. */
export default function MapsHubPage({ title }: { title?: string }) {
  return <FileHub title={title ?? MSG.fileMapsHubTitle} lead={MSG.fileMapsHubSubtitle} ids={MAP_HUB_IDS} testId="maps-hub" />;
}
