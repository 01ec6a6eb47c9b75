import { useState } from 'react';
import { App } from 'antd';
import { MSG, type TaskInfo, type ToolRunReq } from '@wanxiang/contract';
import { cancelTask, fetchTask, retryTask } from '../api/tasks';
import { submitToolTask } from '../api/tools';
import { useChatExtras } from '../stores/chat-extras';
import { useUserStore } from '../stores/user';
import { runErrorText } from './refusals';
import type { TaskList } from './useTaskList';

export interface TaskRuns {
  submitting: boolean;
  /** For a page that prepares its inputs (uploads a mask...) before `submit`: the button spins meanwhile. */
  setSubmitting: (busy: boolean) => void;
  /** The task id a cancel or retry is under way for (its card's buttons spin). */
  acting: string | null;
  submit: (inputs: ToolRunReq['inputs']) => Promise<void>;
  cancel: (task: TaskInfo) => Promise<void>;
  retry: (task: TaskInfo) => Promise<void>;
}

/**
 * Submit, cancel and retry of a task tool's runs, shared by the generic task page and the pages
 * with their own form (AI论文...) so both follow the same rules: 开启积分抵扣 from the chat-extras
 * store is sent with the run (and the user's balance refreshed, the points were taken at submit),
 * a refusal opens the login / phone / membership dialogs or is shown in the server's words.
 * `failedText` is shown for an error that is not the server's answer (a page without it stays silent).
 */
export function useTaskRuns(toolId: string, tasks: TaskList, failedText?: string): TaskRuns {
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [acting, setActing] = useState<string | null>(null);

  const refused = (err: unknown) => {
    const text = runErrorText(err, failedText);
    if (text) void message.error(text);
  };

  const submit = async (inputs: ToolRunReq['inputs']) => {
    setSubmitting(true);
    try {
      const usePoints = useChatExtras.getState().usePoints;
      const { task_id } = await submitToolTask(toolId, { inputs, ...(usePoints ? { usePoints } : {}) });
      void message.success(MSG.taskPageSubmitted);
      // Points were taken at submit: the balance shown everywhere follows at once.
      if (usePoints) void useUserStore.getState().refreshUser();
      await tasks.add(task_id);
    } catch (err) {
      refused(err);
    } finally {
      setSubmitting(false);
    }
  };

  const cancel = async (task: TaskInfo) => {
    setActing(task.task_id);
    try {
      await cancelTask(task.task_id);
      void message.success(MSG.taskPageCanceled);
      tasks.update(await fetchTask(task.task_id));
    } catch {
      // the request layer showed the server's words
    } finally {
      setActing(null);
    }
  };

  const retry = async (task: TaskInfo) => {
    setActing(task.task_id);
    try {
      const { task_id } = await retryTask(task.task_id);
      void message.success(MSG.taskPageRetried);
      await tasks.add(task_id);
    } catch (err) {
      refused(err);
    } finally {
      setActing(null);
    }
  };

  return { submitting, setSubmitting, acting, submit, cancel, retry };
}
