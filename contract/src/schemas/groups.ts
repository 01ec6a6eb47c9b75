import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { pageField, rowsField } from './common';

/**
 * Multi-model comparison sessions (docs/product/battle.md §2, §7):
 * served under /api/v2/chat/groups/*, login required, only the caller's groups.
 * A group is one comparison session: the chosen models, the multi-turn switch and its rounds;
 * a round is one question and each model's answer to it.
 */

const groupIdField = z.string({ error: '请提供对抗会话 id' }).trim().min(1, { error: '请提供对抗会话 id' }).max(64);
const messageIdField = z.string({ error: '请提供消息 id' }).trim().min(1, { error: '请提供消息 id' }).max(64);
const modelKeyField = z.string().trim().min(1).max(64);

/** The models of a comparison: at least 2 and at most 4, each once (docs/product/battle.md §5). */
export const BattleModelsSchema = z
  .array(modelKeyField, { error: MSG.battleMinModels })
  .min(LIMITS.multiModelMin, { error: MSG.battleMinModels })
  .max(LIMITS.multiModelMax, { error: MSG.battleMaxModels })
  .refine((list) => new Set(list).size === list.length, { error: MSG.battleDuplicateModel });

export interface GroupItem {
  id: string;
  title: string;
  models: string[];
  multiTurn: boolean;
  /** Messages kept: each question and each answer count one. */
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface GroupMessage {
  id: string;
  /** 1-based question number inside the group; a question and its answers share it. */
  round: number;
  role: 'user' | 'assistant';
  /** '' for the question, the answering model's key otherwise. */
  model: string;
  content: string;
  reasoning: string;
  state: 'ok' | 'waite' | 'error';
  createdAt: string;
}

export interface GroupDetailsRes extends GroupItem {
  messages: GroupMessage[];
}

/** POST /v2/chat/groups/add: a new comparison session (or the caller's existing one with this id). */
export const GroupAddSchema = z.object({
  id: z.string().trim().min(1).max(64).optional(),
  title: z.string().trim().max(100, { error: '会话名称最多100个字' }).optional(),
  models: BattleModelsSchema,
  multiTurn: z.boolean().default(false),
});
export type GroupAddReq = z.infer<typeof GroupAddSchema>;

/** POST /v2/chat/groups/add_models: change the chosen models (and the multi-turn switch) of a group. */
export const GroupModelsSchema = z.object({
  id: groupIdField,
  models: BattleModelsSchema,
  multiTurn: z.boolean().optional(),
});
export type GroupModelsReq = z.infer<typeof GroupModelsSchema>;

/** reset {id}, delete {id}, record/details {id}, comment/lists {id}. */
export const GroupIdSchema = z.object({ id: groupIdField });
export type GroupIdReq = z.infer<typeof GroupIdSchema>;

/** POST /v2/chat/groups/record/lists: the caller's comparison sessions, most recently used first. */
export const GroupListSchema = z.object({ page: pageField, rows: rowsField });
export type GroupListReq = z.infer<typeof GroupListSchema>;
export interface GroupListRes {
  list: GroupItem[];
  total: number;
  page: number;
  rows: number;
}

const answerSchema = z.object({
  id: messageIdField,
  model: modelKeyField,
  content: z.string().max(100_000, { error: '回答内容过长' }),
  reasoning: z.string().max(100_000, { error: '回答内容过长' }).default(''),
  state: z.enum(['ok', 'error']).default('ok'),
});

/**
 * POST /v2/chat/groups/record/add: one finished round, saved after every column has ended.
 * Unknown groups are created with the round's models, so the first round needs no extra call.
 */
export const GroupRecordAddSchema = z
  .object({
    groupId: groupIdField,
    question: z.object({
      id: messageIdField,
      content: z.string({ error: MSG.askEmpty }).trim().min(1, { error: MSG.askEmpty }).max(100_000, { error: '问题内容过长' }),
    }),
    answers: z.array(answerSchema).min(1, { error: '请提供模型回答' }).max(LIMITS.multiModelMax, { error: MSG.battleMaxModels }),
    multiTurn: z.boolean().optional(),
  })
  .refine((r) => new Set(r.answers.map((a) => a.model)).size === r.answers.length, {
    error: MSG.battleDuplicateModel,
    path: ['answers'],
  });
export type GroupRecordAddReq = z.infer<typeof GroupRecordAddSchema>;

/** POST /v2/chat/groups/record/delete: one round, named by its question's id. */
export const GroupRecordDeleteSchema = z.object({ groupId: groupIdField, id: messageIdField });
export type GroupRecordDeleteReq = z.infer<typeof GroupRecordDeleteSchema>;

/** POST /v2/chat/groups/comment/submit: the user's verdict on which answer of a round was best. */
export const GroupCommentSchema = z.object({
  groupId: groupIdField,
  /** The round's question id. */
  messageId: messageIdField,
  /** The model judged best. */
  model: z.string({ error: MSG.battlePickBest }).trim().min(1, { error: MSG.battlePickBest }).max(64),
  score: z.number().int().min(0).max(5).default(0),
  content: z.string().trim().max(500, { error: '评价内容最多500个字' }).default(''),
});
export type GroupCommentReq = z.infer<typeof GroupCommentSchema>;

export interface GroupComment {
  id: number;
  groupId: string;
  messageId: string;
  model: string;
  score: number;
  content: string;
  createdAt: string;
}
