import { MESSAGE_TOOL_CONTENT_MAX, type MessageExtras, type StoredToolCall, type StreamEventMap } from '@wanxiang/contract';

type ToolEventData = { event: 'tool_call'; data: StreamEventMap['tool_call'] } | { event: 'tool_result'; data: StreamEventMap['tool_result'] };

/**
 * Collects what a reply did besides its text while it streams (the web search, the tool calls),
 * so history can show it again when the record is reopened.
 */
export class ReplyExtrasRecorder {
  private search?: MessageExtras['search'];
  private readonly tools: StoredToolCall[] = [];

  searched(query: string, sources: { title: string; href: string }[]): void {
    this.search = { query, sources };
  }

  tool(e: ToolEventData): void {
    if (e.event === 'tool_call') {
      const { id, name, server, arguments: args } = e.data;
      this.tools.push({ id, name, ...(server ? { server } : {}), arguments: args });
      return;
    }
    const call = this.tools.find((t) => t.id === e.data.id && t.ok === undefined);
    const content = e.data.content.length > MESSAGE_TOOL_CONTENT_MAX ? `${e.data.content.slice(0, MESSAGE_TOOL_CONTENT_MAX)}…` : e.data.content;
    if (call) Object.assign(call, { ok: e.data.ok, content });
    else this.tools.push({ id: e.data.id, name: e.data.name, arguments: '', ok: e.data.ok, content });
  }

  /** undefined when the reply neither searched nor called a tool (the column stays null). */
  value(): MessageExtras | undefined {
    if (!this.search && this.tools.length === 0) return undefined;
    return { ...(this.search ? { search: this.search } : {}), ...(this.tools.length ? { tools: this.tools } : {}) };
  }
}
