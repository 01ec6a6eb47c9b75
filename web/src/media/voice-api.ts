import type { TaskInfo } from '@wanxiang/contract';
import { get, request } from '../api/request';

/** The voice module's calls (docs/api.md "Voice"): the picker's voices and the user's clones. */

export interface PickerVoice {
  id: string;
  name: string;
  gender?: 'male' | 'female';
  emotions?: readonly string[];
  kind: 'preset' | 'clone';
  demo?: boolean;
}

export interface VoiceList {
  enabled: boolean;
  demo: boolean;
  vendor: string;
  clone: boolean;
  voices: PickerVoice[];
}

export interface CloneItem {
  id: string;
  name: string;
  voice: string;
  vendor: string;
  demo: boolean;
  task_id: string | null;
  created_at: string;
}

const opts = { silent: true } as const;

export const fetchVoices = () => get<VoiceList>('/v1/voice/voices', undefined, opts);
export const fetchClones = () => get<CloneItem[]>('/v1/voice/clones', undefined, opts);
export const renameClone = (id: string, name: string) => request<CloneItem>(`/v1/voice/clones/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name }, ...opts });
export const deleteClone = (id: string) => request<{ id: string }>(`/v1/voice/clones/${encodeURIComponent(id)}`, { method: 'DELETE', ...opts });

/** The user's voice works: tasks of the voice group (GET /api/v1/tasks?group=voice), newest first. */
export const fetchVoiceWorks = (page: number) => get<{ list: TaskInfo[]; total: number }>('/v1/tasks', { group: 'voice', page }, opts);
export const deleteVoiceWork = (taskId: string) => request<unknown>(`/v1/tasks/${encodeURIComponent(taskId)}/delete`, { method: 'POST', ...opts });
