import type { AgentAddReq, AgentItem, AgentPaged, AgentRecordDetail, AgentRecordItem, AgentToolInfo } from '@wanxiang/contract';
import { get, post } from './request';
import type { ChatStreamBody, ChatStreamOptions } from './chat-stream';

/** Agents (docs/product/agents.md §7): the agent API under /v1/agent and the user-agent group under /v2/chat/agent. */

export const listSystemAgents = () => get<AgentItem[]>('/v1/agent/list', undefined, { silent: true });
export const agentInfo = (assistantId: string) => post<AgentItem>('/v1/agent/info', { assistant_id: assistantId }, { silent: true });

/** POST /api/v1/agent/file (multipart): the file parsed like a chat attachment. */
export function uploadAgentFile(file: File): Promise<{ file_id: string; name: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return post('/v1/agent/file', form, { silent: true });
}

export interface AgentChatBody {
  messages: { role: 'user' | 'assistant'; content: string }[];
  assistant_id: string;
  conversation_id: string | null;
  file_id: string[];
  chat_type: string;
}

/** POST /api/v1/agent/chat, read with the chat stream client (same SSE protocol). */
export function agentChatStreamRequest(body: AgentChatBody): Omit<ChatStreamOptions, 'signal'> {
  // The stream client's body type is the chat's; the agent route reads its own fields.
  return { model: 'agent', path: '/v1/agent/chat', body: body as unknown as ChatStreamBody };
}

export const addAgent = (req: AgentAddReq) => post<AgentItem>('/v2/chat/agent/add', req, { silent: true });
export const myAgents = (page = 1, rows = 24) => get<AgentPaged<AgentItem>>('/v2/chat/agent/my_create', { page, rows }, { silent: true });
export const deleteAgent = (sn: string) => post<null>('/v2/chat/agent/delete', { sn });
export const publicAgents = (keyword = '', page = 1, rows = 24) =>
  get<AgentPaged<AgentItem>>('/v2/chat/agent/publics', { keyword: keyword || undefined, page, rows }, { silent: true });
export const agentRecords = (assistantId?: string, page = 1, rows = 20) =>
  get<AgentPaged<AgentRecordItem>>('/v2/chat/agent/records_lists', { assistant_id: assistantId, page, rows }, { silent: true });
export const agentRecordDetail = (id: number) => post<AgentRecordDetail>('/v2/chat/agent/records_details', { id }, { silent: true });
export const collectList = () => get<AgentItem[]>('/v2/chat/agent/collect_list', undefined, { silent: true });
export const toggleCollect = (sn: string) => post<{ collected: boolean }>('/v2/chat/agent/collect', { sn });
export const agentTools = () => get<AgentToolInfo[]>('/v2/config/model/tools', undefined, { silent: true });
