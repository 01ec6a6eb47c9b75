import { Spin } from 'antd';

/** Shown while a page's code chunk loads. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, height: '100%' }}>
      <Spin size="large" />
    </div>
  );
}
