import { z } from 'zod';
import { MSG } from '../messages';
import { inviteCodeField } from './common';

/** Model catalog entries as served to the web app (docs/product/chat.md §3). */
export type CheckKey = 'chat' | 'chat_v40' | 'chat_image' | 'chat_doc' | 'chat_media' | 'chat_table' | 'chat_networking' | 'hat_official' | 'resource_file';
export type ResloveType = 'deepSeek' | 'common' | 'agent' | 'zhipu' | 'image' | 'file' | 'customer';

export interface ModelEntry {
  key: string;
  label: string;
  sort_label: string;
  shortName: string;
  icon: string;
  icon_link: string;
  desc: string;
  description: string;
  checkKey: CheckKey;
  isFree: boolean;
  free: boolean;
  tags: string[];
  vipTag: string;
  internetModelType: string;
  modelType: 'hot' | 'common';
  resloveType: ResloveType;
  uploadLimit: number;
  request: string;
  high: boolean;
  only_points: boolean;
  allow_points: boolean;
  consume_points: number;
  isAttack: boolean;
  isChecked: boolean;
  /** Deep-thinking model: answers stream a reasoning block first. */
  reasoning: boolean;
  /** Offline models answer 该模型尚未上线. */
  online: boolean;
  /** Whether exchanges with this model are kept in server history (docs/product/chat.md §9). */
  keepHistory: boolean;
  vendor: string;
  children?: ModelEntry[];
  /** False for entries that route to other models (the hub, the battle): no agent may be built on them. */
  agents?: false;
}

/** Understanding types that need an upload with every question: an agent (text in, text out) cannot feed them. */
const NO_AGENT_TYPES: readonly ResloveType[] = ['image', 'file', 'customer'];

/**
 * Whether a user agent may be built on this model (docs/product/agents.md §3): an online text chat
 * model of the catalog. Checked when the agent is saved and again at every turn; the web's model
 * picker offers the same list.
 */
export function agentModelUsable(m: Pick<ModelEntry, 'online' | 'resloveType' | 'agents'>): boolean {
  return m.online && m.agents !== false && !NO_AGENT_TYPES.includes(m.resloveType);
}

export interface ModelGroup {
  key: string;
  label: string;
  icon: string;
  /** Model keys, in menu order. */
  models: string[];
}

export interface ModelWebRes {
  list: ModelEntry[];
  groups: ModelGroup[];
  /** True when replies come from the built-in demo upstream. */
  demo: boolean;
}

export interface ModelGroupsRes {
  groups: ModelGroup[];
}

/** Query of GET /api/v1/config/model/web and /api/v2/config/model/groups. */
export const ModelWebQuerySchema = z.object({ invite_code: inviteCodeField });
export type ModelWebQuery = z.infer<typeof ModelWebQuerySchema>;

/** Query of GET /api/v2/config/model/details. */
export const ModelDetailsQuerySchema = z.object({
  key: z.string({ error: MSG.modelKeyRequired }).trim().min(1, { error: MSG.modelKeyRequired }).max(64, { error: MSG.modelOffline }),
  invite_code: inviteCodeField,
});
export type ModelDetailsQuery = z.infer<typeof ModelDetailsQuerySchema>;

/** A web-search source of GET /api/v1/config/model/internet (docs/product/search.md §4: picking one switches search on). */
export interface InternetSource {
  /** What the chat request's `internet` field names. */
  key: string;
  label: string;
  /** Icon name (global, search, read, book, experiment). */
  icon: string;
  description: string;
  /** false: shown greyed out and refused by the server. */
  enabled: boolean;
}

export interface InternetSourcesRes {
  list: InternetSource[];
  /** A search backend is configured (or the offline demo search): false = answers go on without search. */
  available: boolean;
  /** Results come from the offline demo search. */
  demo: boolean;
}
