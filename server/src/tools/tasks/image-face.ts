import { MSG, type ToolSpec } from '@wanxiang/contract';
import { TaskFailure, type TaskHandler } from '../../jobs';

/**
 * The face tools (AI换脸, AI换装, AI穿搭, AI毕业照, 写真换脸, AI写真): they may only run through a
 * vendor that licenses face generation commercially (the usual self-hosted face models are for
 * non-commercial research only; docs/product/creation.md). No such vendor is integrated yet, so
 * every run fails at once with a plain Chinese message and its count is returned (the task
 * engine's refund). The form's consent line was ticked before anything was held (its field is
 * required). A licensed vendor's adapter, once there is one, replaces this handler's body.
 */
export function faceToolHandler(tool: Pick<ToolSpec, 'id' | 'title'>): TaskHandler {
  return {
    name: tool.id,
    timeoutMs: 60_000,
    run() {
      return Promise.reject(new TaskFailure(MSG.imgFaceNotEnabled(tool.title)));
    },
  };
}
