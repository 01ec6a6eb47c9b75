import { z } from 'zod';
import { TRANSLATE_MSG } from '../msg/translate';
import { toolGroupField } from './runs';

/**
 * The public shape of a task (long work: task tools, slide files) as the tasks API serves it
 * (docs/api.md "Tasks"). The vendor's task id and raw answers never appear here.
 */
export const TASK_STATES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** States a task never leaves. */
export const TERMINAL_TASK_STATES: readonly TaskState[] = ['succeeded', 'failed', 'canceled'];
export const isTerminalTaskState = (s: TaskState): boolean => TERMINAL_TASK_STATES.includes(s);

/** One file a task produced, stored in our file store and served only to its owner. */
export interface TaskFile {
  id: string;
  url: string;
  name: string;
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
  thumbUrl?: string;
}

export interface TaskInfo {
  task_id: string;
  /** The tool id (or internal kind) the task runs. */
  tool: string;
  status: TaskState;
  /** 0-100. */
  progress: number;
  /** What it is doing now, in Chinese (排队中, 处理中...). */
  stage: string;
  error?: string;
  /**
   * When succeeded: the files (and, for a tool whose result is text, the text). While an image
   * tool's task runs: the pictures saved so far, in order, so each slot fills when its picture is
   * ready (a failed or canceled task has none: they are deleted).
   */
  result?: { files: TaskFile[]; text?: string };
  /** The inputs it was submitted with (file fields carry file ids). */
  inputs: Record<string, string | number | boolean>;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/v1/tasks?tool=&page= (one tool's tasks) or ?group=&page= (every tool of a registry group: 翻译记录). */
export const TaskListQuerySchema = z
  .object({
    tool: z.string().min(1).max(64).optional(),
    group: toolGroupField,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((q) => q.tool !== undefined || q.group !== undefined, { error: TRANSLATE_MSG.taskListNeedsTool, path: ['tool'] });
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

/** Tasks per page of the list call. */
export const TASK_PAGE_SIZE = 20;

/** Path parameter of the per-task calls. */
export const TaskIdParamsSchema = z.object({ taskId: z.string().min(1).max(32) });
