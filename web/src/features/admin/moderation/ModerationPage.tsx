import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { ADMIN_MODERATION_MSG as M } from '@wanxiang/contract';
import { PageHead } from '../PageHead';
import { ChatReportQueue } from './ChatReportQueue';
import { ImageQueue } from './ImageQueue';
import { ModelReportQueue } from './ModelReportQueue';
import { PersonaQueue } from './PersonaQueue';

const TABS = [
  { key: 'personas', label: M.modTabPersonas, children: <PersonaQueue /> },
  { key: 'models', label: M.modTabModels, children: <ModelReportQueue /> },
  { key: 'chats', label: M.modTabChats, children: <ChatReportQueue /> },
  { key: 'images', label: M.modTabImages, children: <ImageQueue /> },
];

/** 内容审核: the four queues as tabs; the open tab is kept in the address (?tab=) so a reload or a shared link returns to it. */
export function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.key === params.get('tab')) ? params.get('tab')! : 'personas';
  return (
    <div data-testid="admin-moderation">
      <PageHead title={M.modTitle} />
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} items={TABS} destroyOnHidden />
    </div>
  );
}
