import { Button, Empty } from 'antd';
import { MSG } from '@wanxiang/contract';

/** The custom cloud tab while there are no custom models: say so, and lead back to the curated ones. */
export function CustomModelsEmpty({ onGoCurated }: { onGoCurated: () => void }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.menuCustomEmpty} data-testid="custom-models-empty">
      <div style={{ color: '#8f959e', marginBottom: 12 }}>{MSG.menuCustomEmptyHint}</div>
      <Button type="primary" onClick={onGoCurated}>
        {MSG.menuGoCurated}
      </Button>
    </Empty>
  );
}
