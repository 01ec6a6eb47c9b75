import type { StreamEventMap } from '@wanxiang/contract';
import type { MessageTool } from '../../stores/chat-state';

type ToolItem = { event: 'tool_call'; data: StreamEventMap['tool_call'] } | { event: 'tool_result'; data: StreamEventMap['tool_result'] };

/** A reply's tool list after one stream event: a call adds a row, its result completes the row with the same id. */
export function withToolEvent(tools: MessageTool[], item: ToolItem): MessageTool[] {
  if (item.event === 'tool_call') {
    const { id, name, server, arguments: args } = item.data;
    if (tools.some((t) => t.id === id)) return tools;
    return [...tools, { id, name, ...(server ? { server } : {}), arguments: args }];
  }
  const { id, name, ok, content } = item.data;
  if (!tools.some((t) => t.id === id)) return [...tools, { id, name, arguments: '', ok, content }];
  return tools.map((t) => (t.id === id ? { ...t, ok, content } : t));
}

/** Arguments shown pretty-printed when they are JSON, as sent otherwise. */
export function prettyArguments(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}
