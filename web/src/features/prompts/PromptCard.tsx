import { memo } from 'react';
import { Button, Card, Popconfirm, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { MSG, type PromptTemplate } from '@wanxiang/contract';
import styles from './prompts.module.css';

interface Props {
  template: PromptTemplate;
  /** Built-ins can be copied, not edited or deleted. */
  builtin: boolean;
  onUse(t: PromptTemplate): void;
  onEdit?(): void;
  onDelete?(): void;
  onCopy?(): void;
}

/** One template; clicking the card puts its text in the chat input. */
export const PromptCard = memo(function PromptCard({ template, builtin, onUse, onEdit, onDelete, onCopy }: Props) {
  const stop = (e: React.MouseEvent | undefined) => e?.stopPropagation();
  return (
    <Card
      size="small"
      hoverable
      className={styles.card}
      data-testid="prompt-card"
      onClick={() => onUse(template)}
      title={<span className={styles.cardTitle}>{template.key}</span>}
      extra={
        <span className={styles.cardActions} onClick={stop}>
          {builtin ? (
            <Button size="small" type="text" icon={<CopyOutlined />} aria-label={MSG.promptCopy} title={MSG.promptCopy} onClick={onCopy} />
          ) : (
            <>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={MSG.promptEdit}
                title={MSG.promptEdit}
                onClick={onEdit}
              />
              <Popconfirm
                title={MSG.promptDelete}
                okText={MSG.confirmOk}
                cancelText={MSG.confirmCancel}
                onConfirm={(e) => {
                  stop(e);
                  onDelete?.();
                }}
                onCancel={stop}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={MSG.promptDelete} title={MSG.promptDelete} />
              </Popconfirm>
            </>
          )}
        </span>
      }
    >
      <Typography.Paragraph className={styles.cardBody} ellipsis={{ rows: 3 }}>
        {template.value}
      </Typography.Paragraph>
    </Card>
  );
});
