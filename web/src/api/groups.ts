import type {
  GroupComment,
  GroupCommentReq,
  GroupDetailsRes,
  GroupItem,
  GroupListReq,
  GroupListRes,
  GroupModelsReq,
  GroupRecordAddReq,
} from '@wanxiang/contract';
import { post } from './request';

/** Multi-model comparison sessions (docs/product/battle.md §7), served under /api/v2/chat/groups/*. */

export function setGroupModels(req: GroupModelsReq): Promise<GroupItem> {
  return post<GroupItem>('/v2/chat/groups/add_models', req, { silent: true });
}

export function resetGroup(id: string): Promise<GroupItem> {
  return post<GroupItem>('/v2/chat/groups/reset', { id }, { silent: true });
}

export function deleteGroup(id: string): Promise<unknown> {
  return post<unknown>('/v2/chat/groups/delete', { id }, { silent: true });
}

export function addGroupRound(req: GroupRecordAddReq): Promise<{ group: GroupItem; round: number }> {
  return post<{ group: GroupItem; round: number }>('/v2/chat/groups/record/add', req, { silent: true });
}

export function listGroups(req: Partial<GroupListReq> = {}): Promise<GroupListRes> {
  return post<GroupListRes>('/v2/chat/groups/record/lists', req, { silent: true });
}

export function groupDetails(id: string): Promise<GroupDetailsRes> {
  return post<GroupDetailsRes>('/v2/chat/groups/record/details', { id });
}

export function submitGroupComment(req: Omit<GroupCommentReq, 'score' | 'content'> & Partial<GroupCommentReq>): Promise<GroupComment> {
  return post<GroupComment>('/v2/chat/groups/comment/submit', req);
}
