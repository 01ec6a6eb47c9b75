import { expect } from 'vitest';
import { isTerminalTaskState, type Envelope, type TaskInfo, type TaskState } from '@wanxiang/contract';
import type { TestApp } from './app';

/**
 * A task followed through GET /api/v1/tasks/:id (as its owner) until it ends: its last state.
 * Shared by the API tests of the task families (AIGC, thesis...), so each waits the same way.
 */
export async function taskEnded(t: TestApp, id: string, token: string, poll: { timeout: number; interval?: number } = { timeout: 30_000 }): Promise<TaskInfo> {
  let last: TaskInfo | undefined;
  await expect
    .poll(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/tasks/${id}`, headers: { token } });
      last = res.json<Envelope<TaskInfo>>().data;
      return last?.status;
    }, poll)
    .toSatisfy((s: TaskState | undefined) => s !== undefined && isTerminalTaskState(s));
  return last!;
}
