import { isTerminalTaskState, type TaskFile, type TaskInfo, type ToolSpec } from '@wanxiang/contract';
import { parseRatio } from './fields/choice-look';

/**
 * The picture slots of an image tool's task card (no React). A tool whose output is images and
 * whose form has a `count` field shows one slot per picture asked for as soon as the task is
 * submitted; each slot fills with its picture as soon as the task lists that file (the engine
 * lists files saved so far while the task runs; an engine that lists them only at the end fills
 * them all then), and waits with the task's progress until then.
 */

export type ResultSlot = { kind: 'picture'; file: TaskFile } | { kind: 'waiting'; index: number; progress: number; queued: boolean };

/** Most pictures one task may ask for, whatever the inputs say (the forms offer 1-4). */
const MAX_SLOTS = 8;

/** How many pictures the task asked for, or null when the tool has no slots. */
export function slotCount(tool: Pick<ToolSpec, 'output' | 'fields'>, task: Pick<TaskInfo, 'inputs'>): number | null {
  if (tool.output !== 'image') return null;
  const field = tool.fields.find((f) => f.name === 'count');
  if (!field) return null;
  const raw = Number(task.inputs?.count ?? field.default ?? field.min ?? 1);
  if (!Number.isFinite(raw)) return 1;
  return Math.max(1, Math.min(MAX_SLOTS, Math.round(raw)));
}

/** The pictures a task lists so far (live or ended). */
export function taskPictures(task: Pick<TaskInfo, 'result'>): TaskFile[] {
  return (task.result?.files ?? []).filter((f) => f.contentType.startsWith('image/'));
}

/**
 * The slots to draw: while the task is queued or running, its pictures so far then a waiting
 * slot for each still to come; once it succeeded, its pictures (fewer than asked when a vendor
 * gave fewer, all of them when it gave more); a failed or canceled task has none (its error and
 * retry show instead). null when the tool has no slots.
 */
export function resultSlots(tool: Pick<ToolSpec, 'output' | 'fields'>, task: TaskInfo): ResultSlot[] | null {
  const count = slotCount(tool, task);
  if (count === null) return null;
  if (task.status === 'failed' || task.status === 'canceled') return [];
  const pictures: ResultSlot[] = taskPictures(task).map((file) => ({ kind: 'picture', file }));
  if (isTerminalTaskState(task.status)) return pictures;
  const progress = Math.max(0, Math.min(100, Math.round(task.progress)));
  const waiting: ResultSlot[] = [];
  for (let i = pictures.length; i < count; i++) waiting.push({ kind: 'waiting', index: i, progress, queued: task.status === 'queued' });
  return [...pictures, ...waiting];
}

/** The slots' shape from the task's ratio input ('16:9' -> '16 / 9'), square otherwise. */
export function slotAspect(tool: Pick<ToolSpec, 'fields'>, task: Pick<TaskInfo, 'inputs'>): string {
  const field = tool.fields.find((f) => f.type === 'size');
  const value = field ? String(task.inputs?.[field.name] ?? field.default ?? '') : '';
  const r = parseRatio(value);
  return r ? `${r.w} / ${r.h}` : '1 / 1';
}
