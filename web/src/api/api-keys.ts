import type { ApiKeyCreateRes, ApiKeyListRes } from '@wanxiang/contract';
import { post } from './request';

/** A member's keys for our OpenAI-compatible API (docs/openai-api.md "Keys"): /api/v1/user/apikey/*. */
const BASE = '/v1/user/apikey';

export const listApiKeys = () => post<ApiKeyListRes>(`${BASE}/list`, {}, { silent: true });
/** Answers the key itself, this once. */
export const createApiKey = (name: string) => post<ApiKeyCreateRes>(`${BASE}/create`, { name });
export const renameApiKey = (id: number, name: string) => post<null>(`${BASE}/rename`, { id, name });
export const revokeApiKey = (id: number) => post<null>(`${BASE}/revoke`, { id });
