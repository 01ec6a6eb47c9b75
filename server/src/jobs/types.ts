import type { TaskFile, TaskState } from '@wanxiang/contract';
import type { Executor } from '../db/sql';

/** How a task is paid: a daily count of `quotaKey` ('' = free), or `points` points when above 0. */
export interface TaskPrice {
  quotaKey: string;
  /** Points the task costs when paid with points: always with no quota key, else when `usePoints`. */
  points?: number;
  /** Pay with points instead of a count of `quotaKey` (the user's 开启积分抵扣). */
  usePoints?: boolean;
}

/** The hold taken for a task, as the payer that took it describes it (kept on the row as JSON). */
export type TaskHold = { id: string; userId: number } & Record<string, unknown>;

/**
 * Who takes and closes a task's hold: handed to the engine by the feature layer (the quota rules
 * live there), as a StreamJob's hold is for the streaming engine. Both calls run inside the
 * engine's transaction (`tx`): the hold commits with the new task, the close with the terminal
 * transition that alone may close it.
 */
export interface TaskPayer {
  /** Hold the price for a new task (refusals throw the usual AppError: 4201, 4202, 4204); null when nothing is held. */
  hold(tx: Executor, user: { id: number; vip: number }, price: TaskPrice, ref: string): Promise<TaskHold | null>;
  /** Settle (the task succeeded) or give back (anything else); answers whether this call closed it. */
  close(tx: Executor, hold: TaskHold, outcome: 'settle' | 'release'): Promise<boolean>;
  /** A sign of life for the holds of every live task (run by the sweep), so no reaper takes them back meanwhile. */
  keepAlive?(db: Executor): Promise<void>;
}

/** A row of `tasks` as the engine reads it. */
export interface TaskRow {
  id: string;
  userId: number;
  toolId: string;
  state: TaskState;
  progress: number;
  stage: string;
  inputs: Record<string, string | number | boolean>;
  vendor: unknown;
  /** The terminal result; while a `partialResults` handler runs, the files it saved so far. */
  result: TaskResult | null;
  error: string | null;
  attempts: number;
  maxAttempts: number;
  hold: TaskHold | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  deadline: Date;
  createdAt: Date;
  startedAt: Date | null;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** What a task's row keeps as its result: files, and a text answer for tools whose result is text (反推提示词). */
export interface TaskResult {
  files: TaskFile[];
  text?: string;
}

/** A file a handler wants stored (the file store keeps it; the task's result names it). */
export interface TaskFileInput {
  name: string;
  contentType: string;
  body: Buffer;
  width?: number;
  height?: number;
}

/** What a running handler may do besides its own work. */
export interface TaskRunTools {
  /** Aborted when the task is canceled, timed out, its lease was lost or the worker stops. */
  signal: AbortSignal;
  /** Report progress (0-100) and a Chinese stage text; ignored once the task left this worker. */
  progress(pct: number, stage?: string): Promise<void>;
  /**
   * Store a result file for the task's owner; answers the public facts the result lists. With the
   * handler's `partialResults` the file is also listed on the row's result at once (GET task and
   * its events show it while the task runs); the outcome must still list it to keep it.
   */
  saveFile(file: TaskFileInput): Promise<TaskFile>;
  /** Keep private vendor data (vendor task id, raw answer) on the row. */
  setVendor(data: unknown): Promise<void>;
}

export interface TaskOutcome {
  files: TaskFile[];
  /** A text answer shown with the files (a tool whose result is text). */
  text?: string;
}

/**
 * The server half of a task tool (or an internal kind of long work), keyed by `name`: a task
 * tool's id, or e.g. 'slides:file'. `run` does the work; a thrown TaskFailure fails the task with
 * its Chinese message (and refunds), any other error fails it with a generic one. A handler that
 * polls a vendor keeps the vendor's task id with `setVendor`, polls with backoff while honouring
 * `signal`, treats a vendor status it does not know as still running (never as a failure: the
 * deadline ends a task that never finishes), and downloads the vendor's result at once through
 * `saveFile` (vendor URLs expire; none is ever kept).
 */
export interface TaskHandler {
  name: string;
  run(task: TaskRow, tools: TaskRunTools): Promise<TaskOutcome>;
  /** Longest a task of this kind may take from submission (default TASK_TIMEOUT_MS). */
  timeoutMs?: number;
  /**
   * Show each file on the task's result as soon as it is saved, before the task ends (several
   * pictures per submit, each its own slot). A task claimed again after a lost lease finds the
   * files an earlier claim saved in `task.result` and may keep them instead of making them again;
   * if it does not end succeeded, they are deleted with the run's own (worker.ts).
   */
  partialResults?: boolean;
  /**
   * Checks of a task tool's inputs the form cannot state (one of two fields...), run at submit
   * before anything is held: a Chinese refusal (answered as 400), or null.
   */
  refuse?(inputs: TaskRow['inputs']): string | null;
  /**
   * Checks of a task tool's uploaded files the extension and size cannot tell (a PDF's page count,
   * a zip bomb), read at submit after `refuse` and before anything is held: a Chinese refusal
   * (answered as 400), or null. Files are read as the submitting user: another user's id is not found.
   */
  inspect?(inputs: TaskRow['inputs'], userId: number): Promise<string | null>;
  /** Claims before a task whose worker keeps dying fails (default TASK_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /**
   * How a failed or canceled task of an internal kind (not a task tool: those take theirs from
   * their ToolSpec) is submitted again by the tasks API's retry: its price, and a check of the old
   * inputs against today's data (a template since removed) answering a Chinese refusal, or null.
   * A kind without it is not retryable.
   */
  resubmit?: { price: TaskPrice; refusal(inputs: TaskRow['inputs']): string | null };
}

/** A failure the user may read (Chinese); the task fails with this message and refunds. */
export class TaskFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskFailure';
  }
}
