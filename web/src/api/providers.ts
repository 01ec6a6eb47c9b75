import type {
  CustomModelEntry,
  ModelAddReq,
  ModelEditReq,
  ModelSlotsRes,
  ProviderAddReq,
  ProviderDetailRes,
  ProviderEditReq,
  ProviderListRes,
  ProviderView,
  ServiceModelView,
} from '@wanxiang/contract';
import { CUSTOM_MODEL_PREFIX } from '@wanxiang/contract';
import { get, post } from './request';

/**
 * Custom providers and models (docs/product/custom-models.md §4, §7): /api/v1/user/models/* and the
 * slot meter. Silent: the modals show the spec's sentences (新增成功, 保存失败...) themselves.
 */
const BASE = '/v1/user/models';

export const getServiceList = () => get<ProviderListRes>(`${BASE}/company.list`, undefined, { silent: true });
export const getServiceDetail = (company: string) => post<ProviderDetailRes>(`${BASE}/info`, { company }, { silent: true });
export const addService = (req: ProviderAddReq) => post<ProviderView>(`${BASE}/add.company`, req, { silent: true });
/** saveService / editService: updates the saved record, or creates it when there is none. */
export const saveService = (req: ProviderEditReq) => post<ProviderView>(`${BASE}/editor.company`, req, { silent: true });
export const addServiceModel = (req: ModelAddReq) => post<ServiceModelView>(`${BASE}/add.model`, req, { silent: true });
export const editServiceModel = (req: ModelEditReq) => post<ServiceModelView>(`${BASE}/editor.model`, req, { silent: true });
export const deleteServiceModel = (id: number) => post<null>(`${BASE}/delete.model`, { id }, { silent: true });
export const getModelList = () => get<CustomModelEntry[]>(`${BASE}/model.list`, undefined, { silent: true });
export const getModelMax = () => get<ModelSlotsRes>('/v1/chat2/getModelMax', undefined, { silent: true });
/** The streamed chat route of custom models (pass as `path` to streamChat). */
export const CUSTOM_CHAT_PATH = '/v1/chat2/completionsModel';

/** Whether a chat model key names one of the user's custom models (`custom-<id>`). */
export const isCustomModelKey = (key: string): boolean => key.startsWith(CUSTOM_MODEL_PREFIX);
