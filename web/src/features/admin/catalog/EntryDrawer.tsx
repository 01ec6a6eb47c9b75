import type { ReactNode } from 'react';
import { Button, Drawer, Space, Typography } from 'antd';
import { ADMIN_CATALOG_PAGE_MSG as C } from '@wanxiang/contract';

/**
 * The drawer every catalog form edits one entry in (a model, a shop item, a channel...): 取消 and 确定 at the
 * top (确定 submits the entry's form, which checks it first), the hint that nothing is saved until 保存.
 */
export function EntryDrawer({
  title,
  size,
  testId,
  onClose,
  onSubmit,
  children,
}: {
  title: ReactNode;
  size: number;
  testId: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      open
      size={size}
      title={title}
      onClose={onClose}
      destroyOnHidden
      data-testid={testId}
      extra={
        <Space>
          <Button onClick={onClose}>{C.drawerCancel}</Button>
          <Button type="primary" onClick={onSubmit} data-testid="drawer-ok">
            {C.drawerOk}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{C.drawerHint}</Typography.Paragraph>
      {children}
    </Drawer>
  );
}
