import { post } from '../../api/request';

/** Delete an ended song task with its takes, lyrics and cover (POST /api/v1/tasks/{id}/delete). */
export function deleteSongTask(taskId: string): Promise<unknown> {
  return post<unknown>(`/v1/tasks/${encodeURIComponent(taskId)}/delete`);
}
