import { memo } from 'react';
import { Collapse, Spin } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ToolOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import type { MessageTool } from '../../stores/chat-state';
import { prettyArguments } from './tool-events';
import styles from './mcp.module.css';

export interface ToolCallsBlockProps {
  tools: MessageTool[];
}

/**
 * The tools a reply called (MCP), above the answer like the thinking block: one collapsible row
 * per call with its state; opened, the server, the arguments and the result as plain text.
 */
export const ToolCallsBlock = memo(function ToolCallsBlock({ tools }: ToolCallsBlockProps) {
  return (
    <Collapse
      size="small"
      className={styles.toolBlock}
      data-testid="tool-calls"
      items={tools.map((t) => ({
        key: t.id,
        label: (
          <span className={styles.toolTitle} data-tool={t.name}>
            {t.ok === undefined ? <Spin size="small" /> : t.ok ? <CheckCircleFilled className={styles.ok} /> : <CloseCircleFilled className={styles.failed} />}
            <ToolOutlined />
            {t.ok === undefined ? MSG.mcpToolRunning(t.name) : t.ok ? MSG.mcpToolDone(t.name) : MSG.mcpToolFailedTitle(t.name)}
          </span>
        ),
        children: (
          <div className={styles.toolBody}>
            {t.server && (
              <div className={styles.toolField}>
                <span className={styles.toolLabel}>{MSG.mcpToolServer}</span>
                <code>{t.server}</code>
              </div>
            )}
            <div className={styles.toolLabel}>{MSG.mcpToolArguments}</div>
            <pre className={styles.toolPre}>{prettyArguments(t.arguments) || '{}'}</pre>
            {t.content !== undefined && (
              <>
                <div className={styles.toolLabel}>{MSG.mcpToolResult}</div>
                <pre className={styles.toolPre} data-testid="tool-result">
                  {t.content}
                </pre>
              </>
            )}
          </div>
        ),
      }))}
    />
  );
});
