import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Agents (docs/product/agents.md §3, §4, §7): system agents from the catalog, user agents
 * (`/api/v2/chat/agent/*`), agent chat records and collections.
 */

/** The fixed id of the document agent a small uploaded file is routed to (4.8). */
export const DOC_AGENT_ID = '663058948bb259b7e8a22730';
/** The find-websites agent (2.6, 4.3): web_browser tool, answers with a JSON list. */
export const WEBSITES_AGENT_ID = '66a0f1c2e4b0a1b2c3d4e5f6';
/** Files at or above this size go to /doc instead of the document agent (4.8). */
export const DOC_AGENT_MAX_BYTES = 5 * 1024 * 1024;

export const AGENT_NAME_MAX = 30;
export const AGENT_DESCRIPTION_MAX = 200;
export const AGENT_PROMPT_MAX = 4_000;
export const AGENT_SUGGESTIONS_MAX = 4;
export const AGENT_SUGGESTION_MAX = 100;
export const AGENT_MESSAGE_MAX = 8_000;
export const AGENT_MESSAGES_MAX = 40;

/** Categories of agents (system and user): `classify` endpoint. */
export const AGENT_CLASSIFIES = [
  { key: 'office', label: '办公效率' },
  { key: 'study', label: '学习教育' },
  { key: 'search', label: '搜索资讯' },
  { key: 'code', label: '编程开发' },
  { key: 'writing', label: '写作创作' },
  { key: 'life', label: '生活娱乐' },
] as const;
export type AgentClassifyKey = (typeof AGENT_CLASSIFIES)[number]['key'];
const CLASSIFY_KEYS = AGENT_CLASSIFIES.map((c) => c.key) as [AgentClassifyKey, ...AgentClassifyKey[]];

/** One system agent as the server keeps it in server/catalog/agents.json. */
export const SystemAgentSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, 'id must be 24 lowercase hex digits'),
  name: z.string().min(1).max(AGENT_NAME_MAX),
  icon: z.string().min(1),
  description: z.string().max(AGENT_DESCRIPTION_MAX),
  classify: z.enum(CLASSIFY_KEYS),
  prompt: z.string().min(1),
  model: z.string().min(1),
  tools: z.array(z.string().min(1)).default([]),
  suggestions: z.array(z.string().min(1)).max(AGENT_SUGGESTIONS_MAX).default([]),
  quotaKey: z.string().optional(),
  new: z.boolean().optional(),
  /** Hidden agents (document, find websites) are reachable by id but not shown in the menu. */
  hidden: z.boolean().optional(),
});
export type SystemAgent = z.infer<typeof SystemAgentSchema>;
export const AgentsFileSchema = z.object({ agents: z.array(SystemAgentSchema).min(1) });

/** An agent as the web sees it (system or user); the prompt is only shown to a user agent's author. */
export interface AgentItem {
  /** System agent id or user agent sn. */
  id: string;
  kind: 'system' | 'user';
  name: string;
  icon: string;
  description: string;
  classify: string;
  model: string;
  tools: string[];
  suggestions: string[];
  new?: boolean;
  isPublic?: boolean;
  uses?: number;
  mine?: boolean;
  collected?: boolean;
  prompt?: string;
  author?: string;
}

export interface AgentPaged<T> {
  list: T[];
  total: number;
  page: number;
  rows: number;
}

const Page = z.coerce.number({ error: MSG.badField('page') }).int().min(1).max(10_000).default(1);
const Rows = z.coerce.number({ error: MSG.badField('rows') }).int().min(1).max(50).default(12);
export const AgentPageSchema = z.object({ page: Page, rows: Rows });
export const AgentPublicsSchema = z.object({ page: Page, rows: Rows, keyword: z.string().trim().max(50).optional() });

export const AgentAssistantIdSchema = z.object({
  assistant_id: z.string({ error: MSG.agentsIdRequired }).trim().min(1, { error: MSG.agentsIdRequired }).max(64),
});
export const AgentSnSchema = z.object({ sn: z.string({ error: MSG.agentsIdRequired }).trim().min(1, { error: MSG.agentsIdRequired }).max(64) });
export const AgentRecordIdSchema = z.object({ id: z.coerce.number({ error: MSG.badField('id') }).int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const AgentAddSchema = z.object({
  name: z
    .string({ error: MSG.agentsNameRequired })
    .trim()
    .min(1, { error: MSG.agentsNameRequired })
    .max(AGENT_NAME_MAX, { error: MSG.agentsNameTooLong }),
  description: z.string().trim().max(AGENT_DESCRIPTION_MAX, { error: MSG.agentsDescriptionTooLong }).optional().default(''),
  icon: z
    .string()
    .trim()
    .max(1024, { error: MSG.agentsIconInvalid })
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v) || /^\p{Extended_Pictographic}/u.test(v), { error: MSG.agentsIconInvalid })
    .optional()
    .default(''),
  classify: z.enum(CLASSIFY_KEYS, { error: MSG.agentsClassifyUnknown }),
  prompt: z
    .string({ error: MSG.agentsPromptRequired })
    .trim()
    .min(1, { error: MSG.agentsPromptRequired })
    .max(AGENT_PROMPT_MAX, { error: MSG.agentsPromptTooLong }),
  model: z.string({ error: MSG.agentsModelRequired }).trim().min(1, { error: MSG.agentsModelRequired }).max(64),
  tools: z.array(z.string().max(64), { error: MSG.agentsToolUnknown }).max(8).optional().default([]),
  suggestions: z
    .array(z.string().trim().min(1).max(AGENT_SUGGESTION_MAX, { error: MSG.agentsSuggestionTooLong }), { error: MSG.badField('suggestions') })
    .max(AGENT_SUGGESTIONS_MAX, { error: MSG.agentsTooManySuggestions })
    .optional()
    .default([]),
  isPublic: z.boolean({ error: MSG.badField('isPublic') }).optional().default(false),
});
export type AgentAddReq = z.input<typeof AgentAddSchema>;
export type AgentAddInput = z.output<typeof AgentAddSchema>;

const AgentMessageSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: MSG.badField('role') }),
  content: z.string({ error: MSG.agentsMessagesRequired }).max(AGENT_MESSAGE_MAX, { error: MSG.agentsMessageTooLong }),
});

/** Body of POST /api/v1/agent/chat (7.3). The last message must be the user's question. */
export const AgentChatSchema = z.object({
  messages: z
    .array(AgentMessageSchema, { error: MSG.agentsMessagesRequired })
    .min(1, { error: MSG.agentsMessagesRequired })
    .max(AGENT_MESSAGES_MAX)
    .refine((m) => m.at(-1)?.role === 'user' && m.at(-1)!.content.trim() !== '', { error: MSG.agentsMessagesRequired }),
  assistant_id: AgentAssistantIdSchema.shape.assistant_id,
  conversation_id: z.string().trim().max(64).regex(/^[\w-]*$/, { error: MSG.badField('conversation_id') }).nullish(),
  file_id: z.array(z.string().max(64)).max(10).optional().default([]),
  chat_type: z.string().max(64).optional().default(''),
  /** Pay with points on a model that accepts them (开启积分抵扣), as in a direct chat. */
  usePoints: z.boolean({ error: MSG.badField('usePoints') }).optional(),
});
export type AgentChatReq = z.input<typeof AgentChatSchema>;

/** Body of add_records: one finished exchange appended to a conversation's record. */
export const AgentRecordAddSchema = z.object({
  assistant_id: AgentAssistantIdSchema.shape.assistant_id,
  conversation_id: z.string().trim().min(1).max(64).regex(/^[\w-]+$/, { error: MSG.badField('conversation_id') }),
  messages: z.array(AgentMessageSchema).min(1).max(AGENT_MESSAGES_MAX),
});

export interface AgentRecordItem {
  id: number;
  agentId: string;
  conversationId: string;
  title: string;
  updatedAt: string;
}
export interface AgentRecordDetail extends AgentRecordItem {
  messages: { role: 'user' | 'assistant' | 'tool'; content: string; createdAt?: string }[];
}

/** A tool an agent may use (GET /api/v2/config/model/tools). */
export interface AgentToolInfo {
  name: string;
  description: string;
}
