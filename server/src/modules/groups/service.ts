import { randomUUID } from 'node:crypto';
import {
  Code,
  MSG,
  type GroupAddReq,
  type GroupComment,
  type GroupCommentReq,
  type GroupDetailsRes,
  type GroupItem,
  type GroupListReq,
  type GroupListRes,
  type GroupMessage,
  type GroupModelsReq,
  type GroupRecordAddReq,
  type GroupRecordDeleteReq,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { titleFromPrompt } from '../history/service';
import {
  deleteGroup,
  deleteRound,
  insertGroupIfAbsent,
  insertRound,
  resetGroup,
  selectComments,
  selectGroup,
  selectGroupMessages,
  selectGroupPage,
  selectRoundModels,
  updateGroupModels,
  upsertComment,
  type GroupCommentRow,
  type GroupMessageRow,
  type GroupRow,
} from './store';

/**
 * Multi-model comparison sessions of one user (docs/product/battle.md §5). The answers
 * themselves stream through the ordinary chat route, one request per model (charged by each
 * model's own rules, with `type: 'battle'` so nothing lands in the normal history); this module
 * keeps the sessions and their rounds, and the user's verdict on each round.
 */

export type GroupsContext = Pick<AppContext, 'database' | 'catalog'>;

/** Default name of a comparison session (the panel header's 新的聊天). */
const DEFAULT_TITLE = MSG.battleNewChat;

function toItem(g: GroupRow): GroupItem {
  return {
    id: g.id,
    title: g.title,
    models: g.models,
    multiTurn: g.multiTurn,
    messageCount: g.messageCount,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

function toMessage(m: GroupMessageRow): GroupMessage {
  return {
    id: m.id,
    round: m.round,
    role: m.role as GroupMessage['role'],
    model: m.model,
    content: m.content,
    reasoning: m.reasoning,
    state: m.state as GroupMessage['state'],
    createdAt: m.createdAt.toISOString(),
  };
}

function toComment(c: GroupCommentRow): GroupComment {
  return {
    id: c.id,
    groupId: c.groupId,
    messageId: c.messageId,
    model: c.model,
    score: c.score,
    content: c.content,
    createdAt: c.createdAt.toISOString(),
  };
}

/** Only catalog models marked for comparison (isAttack) may take part. */
export function assertBattleModels(ctx: Pick<AppContext, 'catalog'>, models: readonly string[]): void {
  for (const key of models) {
    const model = ctx.catalog.get(key);
    if (!model) throw new AppError(Code.MODEL_OFFLINE, MSG.modelOffline);
    if (!model.isAttack) throw badRequest(MSG.battleModelNotAllowed(model.label));
  }
}

async function ownGroupOrThrow(ctx: GroupsContext, userId: number, id: string): Promise<GroupRow> {
  const group = await selectGroup(ctx.database.db, userId, id);
  if (!group) throw notFound(MSG.recordNotFound);
  return group;
}

export async function addGroup(ctx: GroupsContext, userId: number, req: GroupAddReq): Promise<GroupItem> {
  assertBattleModels(ctx, req.models);
  const row = await insertGroupIfAbsent(ctx.database.db, userId, {
    id: req.id ?? randomUUID(),
    title: req.title || DEFAULT_TITLE,
    models: req.models,
    multiTurn: req.multiTurn,
  });
  return toItem(row);
}

export async function setGroupModels(ctx: GroupsContext, userId: number, req: GroupModelsReq): Promise<GroupItem> {
  assertBattleModels(ctx, req.models);
  const row = await updateGroupModels(ctx.database.db, userId, req.id, req.models, req.multiTurn);
  if (!row) throw notFound(MSG.recordNotFound);
  return toItem(row);
}

export async function resetGroupRounds(ctx: GroupsContext, userId: number, id: string): Promise<GroupItem> {
  const row = await resetGroup(ctx.database.db, userId, id, DEFAULT_TITLE);
  if (!row) throw notFound(MSG.recordNotFound);
  return toItem(row);
}

export async function removeGroup(ctx: GroupsContext, userId: number, id: string): Promise<void> {
  if (!(await deleteGroup(ctx.database.db, userId, id))) throw notFound(MSG.recordNotFound);
}

export async function listGroups(ctx: GroupsContext, userId: number, req: GroupListReq): Promise<GroupListRes> {
  const { rows, total } = await selectGroupPage(ctx.database.db, userId, (req.page - 1) * req.rows, req.rows);
  return { list: rows.map(toItem), total, page: req.page, rows: req.rows };
}

export async function groupDetails(ctx: GroupsContext, userId: number, id: string): Promise<GroupDetailsRes> {
  const [group, rows] = await Promise.all([selectGroup(ctx.database.db, userId, id), selectGroupMessages(ctx.database.db, userId, id)]);
  if (!group) throw notFound(MSG.recordNotFound);
  return { ...toItem(group), messages: rows.map(toMessage) };
}

/**
 * Save one finished round. A group the user does not have yet is created with the round's
 * models, so a fresh comparison needs no separate add call (ids are per user: another user's
 * group with the same id is a different group).
 */
export async function addRound(ctx: GroupsContext, userId: number, req: GroupRecordAddReq): Promise<{ group: GroupItem; round: number }> {
  const models = req.answers.map((a) => a.model);
  assertBattleModels(ctx, models);
  await insertGroupIfAbsent(ctx.database.db, userId, {
    id: req.groupId,
    title: DEFAULT_TITLE,
    models,
    multiTurn: req.multiTurn ?? false,
  });
  const rows = [
    { id: req.question.id, role: 'user' as const, model: '', content: req.question.content, reasoning: '', state: 'ok' },
    ...req.answers.map((a) => ({
      id: a.id,
      role: 'assistant' as const,
      model: a.model,
      content: a.content,
      reasoning: a.reasoning,
      state: a.state,
    })),
  ];
  const saved = await insertRound(ctx.database.db, userId, req.groupId, rows, titleFromPrompt(req.question.content), DEFAULT_TITLE);
  // Deleted between the two statements: the same answer as any missing group.
  if (!saved) throw notFound(MSG.recordNotFound);
  return { group: toItem(saved.group), round: saved.round };
}

export async function removeRound(ctx: GroupsContext, userId: number, req: GroupRecordDeleteReq): Promise<void> {
  await ownGroupOrThrow(ctx, userId, req.groupId);
  if ((await deleteRound(ctx.database.db, userId, req.groupId, req.id)) === 0) throw notFound(MSG.battleRoundNotFound);
}

/** The verdict names one of the models that answered that round. */
export async function submitComment(ctx: GroupsContext, userId: number, req: GroupCommentReq): Promise<GroupComment> {
  await ownGroupOrThrow(ctx, userId, req.groupId);
  const answered = await selectRoundModels(ctx.database.db, userId, req.groupId, req.messageId);
  if (answered.length === 0) throw notFound(MSG.battleRoundNotFound);
  if (!answered.includes(req.model)) throw badRequest(MSG.battlePickBest);
  return toComment(await upsertComment(ctx.database.db, userId, req));
}

export async function listComments(ctx: GroupsContext, userId: number, groupId: string): Promise<GroupComment[]> {
  await ownGroupOrThrow(ctx, userId, groupId);
  return (await selectComments(ctx.database.db, userId, groupId)).map(toComment);
}
