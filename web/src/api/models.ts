import type { ModelWebRes } from '@wanxiang/contract';
import { get } from './request';

/** The chat model catalog (chat-core 7 "Configuration"); invite_code changes some labels. */
export function fetchWebModels(inviteCode?: string): Promise<ModelWebRes> {
  return get<ModelWebRes>('/v1/config/model/web', inviteCode ? { invite_code: inviteCode } : undefined);
}
