import type {
  SharedModelAddResult,
  SharedModelCard,
  SharedModelCommentPage,
  SharedModelForm,
  SharedModelLikeResult,
  SharedModelListRequest,
  SharedModelPage,
} from '@wanxiang/contract';
import { post } from './request';

/** The shared custom model cards (7.4 chat2 family). Failures reject with RequestError; the page shows the message. */
const opts = { silent: true } as const;

export const getSharedModels = (req: SharedModelListRequest) => post<SharedModelPage>('/v1/chat2/getModels', req, opts);
export const getSharedModelComments = (mid: number, page: number) => post<SharedModelCommentPage>('/v1/chat2/getModelComments', { mid, page }, opts);
export const createSharedModel = (form: SharedModelForm) => post<SharedModelCard>('/v1/chat2/createModel', form, opts);
export const editSharedModel = (mid: number, form: SharedModelForm) => post<SharedModelCard>('/v1/chat2/editModel', { ...form, mid }, opts);
export const deleteSharedModel = (mid: number) => post<null>('/v1/chat2/deleteModel', { mid }, opts);
export const likeSharedModel = (mid: number) => post<SharedModelLikeResult>('/v1/chat2/zanModel', { mid }, opts);
export const commentSharedModel = (mid: number, content: string) => post<null>('/v1/chat2/commentModel', { mid, content }, opts);
export const reportSharedModel = (mid: number, reason: string) => post<null>('/v1/chat2/reportModel', { mid, reason }, opts);
export const addSharedModel = (mid: number) => post<SharedModelAddResult>('/v1/chat2/addModel', { mid }, opts);

/** Where the add-provider form opens prefilled (helper 1's /moxing/myModel page); the user types their own key. */
export function myModelLink(r: Pick<SharedModelAddResult, 'company' | 'api_url' | 'model_id'>): string {
  const q = new URLSearchParams({ company: r.company, api_url: r.api_url, model_id: r.model_id });
  return `/moxing/myModel?${q.toString()}`;
}
