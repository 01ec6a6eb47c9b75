import { Avatar, Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { AlertOutlined, ApiOutlined, CommentOutlined, DeleteOutlined, EditOutlined, LikeFilled, LikeOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG, type SharedModelCard } from '@wanxiang/contract';

export interface CardActions {
  onLike: () => void;
  onComments: () => void;
  onReport: () => void;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One shared model card: what it is, its counters and what a reader can do with it. The author's own card an operator
 * took off 模型广场 says so with the reason (the server sends `takedown_reason` to the author only).
 */
export function SharedModelCardView({ card, actions }: { card: SharedModelCard; actions: CardActions }) {
  const icon = /^https?:\/\//.test(card.icon) ? card.icon : undefined;
  return (
    <Card
      size="small"
      data-testid={`shared-model-${card.id}`}
      title={
        <Space>
          <Avatar size="small" src={icon} icon={<ApiOutlined />} />
          <span>{card.name}</span>
          {card.takedown_reason !== undefined && (
            <Tag color="red" data-testid="shared-model-taken-down">
              {MSG.sharedModelTakenDown}
            </Tag>
          )}
        </Space>
      }
      extra={card.functions.map((f) => (
        <Tag key={f}>{f}</Tag>
      ))}
      actions={[
        <Button key="like" type="text" size="small" aria-pressed={card.liked} data-testid="shared-model-like" icon={card.liked ? <LikeFilled /> : <LikeOutlined />} onClick={actions.onLike}>
          {card.likes}
        </Button>,
        <Button key="comments" type="text" size="small" data-testid="shared-model-comments-open" icon={<CommentOutlined />} onClick={actions.onComments}>
          {card.comments}
        </Button>,
        <Button key="report" type="text" size="small" data-testid="shared-model-report" icon={<AlertOutlined />} onClick={actions.onReport}>
          {MSG.sharedModelReport}
        </Button>,
      ]}
    >
      {card.takedown_reason !== undefined && (
        <Typography.Paragraph type="danger" style={{ fontSize: 12, marginBottom: 8 }} data-testid="shared-model-takedown-reason">
          {MSG.sharedModelTakedownReason(card.takedown_reason)}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>
        {card.description}
      </Typography.Paragraph>
      <Typography.Text code ellipsis style={{ display: 'block' }}>
        {card.model_id}
      </Typography.Text>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
        {card.api_url}
      </Typography.Text>
      <Space wrap style={{ marginTop: 8 }}>
        <Button type="primary" size="small" icon={<PlusOutlined />} data-testid="shared-model-add" onClick={actions.onAdd}>
          {MSG.sharedModelAdd}
        </Button>
        {card.mine && (
          <>
            <Button size="small" icon={<EditOutlined />} data-testid="shared-model-edit" onClick={actions.onEdit}>
              {MSG.sharedModelsEdit}
            </Button>
            <Popconfirm title={MSG.sharedModelsDeleteConfirm} onConfirm={actions.onDelete}>
              <Button size="small" danger icon={<DeleteOutlined />} data-testid="shared-model-delete">
                {MSG.sharedModelsDelete}
              </Button>
            </Popconfirm>
          </>
        )}
      </Space>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
        {card.author} · {MSG.sharedModelAdds} {card.adds}
      </Typography.Text>
    </Card>
  );
}
