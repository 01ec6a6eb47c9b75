import { useEffect, useState } from 'react';
import { Alert, Button, List, Modal, Space, Tag, Typography } from 'antd';
import { ApiOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG, type McpServersRes, type McpServerView } from '@wanxiang/contract';
import { listMcpServers } from './api';
import styles from './mcp.module.css';

/** Width of the MCP list modal (2.11: the configuration modals are 600, 750 and 700 wide). */
const MODAL_WIDTH = 700;

/**
 * The MCP server list (docs/product/custom-models.md §2): display only. The add and edit buttons are
 * there but do nothing: servers are configured by the operator (catalog/mcp.json).
 */
export function McpServersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [data, setData] = useState<McpServersRes | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    setFailed(false);
    listMcpServers()
      .then((res) => live && setData(res))
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={MODAL_WIDTH}
      title={
        <Space>
          <ApiOutlined />
          {MSG.mcpServersTitle}
        </Space>
      }
      destroyOnHidden
    >
      <div className={styles.modalHead}>
        <Typography.Text type="secondary">{MSG.mcpServersHint}</Typography.Text>
        {/* Inert by the spec: the list is display only. */}
        <Button icon={<PlusOutlined />} size="small" data-testid="mcp-add">
          {MSG.mcpAdd}
        </Button>
      </div>
      {failed && <Alert type="error" showIcon title={MSG.mcpServersLoadFailed} />}
      {!failed && (
        <List
          loading={loading}
          dataSource={data?.servers ?? []}
          locale={{ emptyText: MSG.mcpServersEmpty }}
          renderItem={(s) => <ServerRow server={s} />}
          data-testid="mcp-servers"
        />
      )}
    </Modal>
  );
}

function ServerRow({ server: s }: { server: McpServerView }) {
  return (
    <List.Item
      data-server={s.name}
      actions={[
        <Button key="edit" type="link" size="small" icon={<EditOutlined />}>
          {MSG.mcpEdit}
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space wrap size={4}>
            <span className={styles.serverName}>{s.name}</span>
            <Tag color={s.status === 1 ? 'blue' : 'default'}>{s.status === 1 ? MSG.mcpStatusOn : MSG.mcpStatusOff}</Tag>
            {s.status === 1 && <ConnectionTag server={s} />}
            {s.connected && <Tag>{MSG.mcpToolCount(s.toolCount)}</Tag>}
          </Space>
        }
        description={
          <div className={styles.serverDesc}>
            <div>{s.description}</div>
            <Typography.Text type="secondary" className={styles.serverUrl} ellipsis={{ tooltip: s.url }}>
              {s.url}
            </Typography.Text>
          </div>
        }
      />
    </List.Item>
  );
}

function ConnectionTag({ server: s }: { server: McpServerView }) {
  if (s.connected) return <Tag color="green">{MSG.mcpConnected}</Tag>;
  if (s.error) return <Tag color="red">{s.error}</Tag>;
  return <Tag>{MSG.mcpNotConnected}</Tag>;
}
