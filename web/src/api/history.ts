import type { RecordDataRes, RecordItem, RecordListReq, RecordListRes, RecordRenameReq } from '@wanxiang/contract';
import { post } from './request';

/** Server chat history (docs/product/chat.md §7), served under /api/v1/chat/record/*. */

export function listRecords(req: Partial<RecordListReq> = {}): Promise<RecordListRes> {
  return post<RecordListRes>('/v1/chat/record/list', req, { silent: true });
}

export function recordData(id: string): Promise<RecordDataRes> {
  return post<RecordDataRes>('/v1/chat/record/data', { id });
}

export function deleteRecord(id: string): Promise<unknown> {
  return post<unknown>('/v1/chat/record/delete', { id });
}

export function clearRecords(): Promise<unknown> {
  return post<unknown>('/v1/chat/record/clear', {});
}

export function renameRecord(req: RecordRenameReq): Promise<RecordItem> {
  return post<RecordItem>('/v1/chat/record/rename', req);
}
