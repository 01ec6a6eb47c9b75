import { Button, Empty, Spin } from 'antd';
import { T } from './texts';

/** Loading and failure of the model catalog, shared by the model views. */
export function CatalogState({ status, retry }: { status: string; retry: () => void }) {
  if (status === 'error') {
    return (
      <Empty description={T.loadFailed}>
        <Button onClick={retry}>{T.retry}</Button>
      </Empty>
    );
  }
  return (
    <div style={{ textAlign: 'center', padding: 32 }}>
      <Spin />
    </div>
  );
}
