import type { PersonaAddReq, PersonaItem, PersonaListReq, PersonaListRes } from '@wanxiang/contract';
import { get, post } from './request';

/** Personas (docs/product/prompts-and-personas.md §7): GET /api/v1/nika/list, POST /api/persona, GET /api/persona/:id. */

export function listPersonas(req: Partial<PersonaListReq> = {}): Promise<PersonaListRes> {
  return get<PersonaListRes>('/v1/nika/list', { keyword: req.keyword || undefined, page: req.page, rows: req.rows }, { silent: true });
}

export function getPersona(id: number): Promise<PersonaItem> {
  return get<PersonaItem>(`/persona/${id}`, undefined, { silent: true });
}

/** Silent: the form shows the server's sentence (validation) or 提交失败 itself. */
export function addPersona(req: PersonaAddReq): Promise<PersonaItem> {
  return post<PersonaItem>('/persona', req, { silent: true });
}
