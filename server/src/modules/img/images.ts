import { TOOLS, toolById, type ImgImage, type ImgTaskItem, type ImgTaskStatus, type TaskFile } from '@wanxiang/contract';
import type { TaskRow } from '../../jobs';

/**
 * How an image task looks to the image calls: the registry decides what an image tool is (a task
 * tool whose output is an image), and a task's images are its result files that are pictures,
 * each with the URL of our own owner-only file route (never a vendor's).
 */

/** Every task tool of the registry whose output is an image (the creations gallery lists these). */
export const IMAGE_TOOL_IDS: readonly string[] = TOOLS.filter((t) => t.kind === 'task' && t.output === 'image').map((t) => t.id);

/** The columns of a task the image calls read (the engine's TaskRow has them all). */
export type ImgTask = Pick<TaskRow, 'id' | 'toolId' | 'state' | 'progress' | 'stage' | 'error' | 'result' | 'inputs' | 'createdAt'>;

export function isImageTool(toolId: string): boolean {
  const tool = toolById(toolId);
  return tool?.kind === 'task' && tool.output === 'image';
}

/**
 * The image files of a task's result: all of them once it succeeded, the ones finished so far while
 * a several-picture task runs (each its own slot on the page); none for a task that failed or was
 * canceled (the engine deletes what such a run stored).
 */
export function imageFilesOf(row: Pick<TaskRow, 'state' | 'result'>): TaskFile[] {
  if (row.state !== 'succeeded' && row.state !== 'running') return [];
  return (row.result?.files ?? []).filter((f) => f.contentType.startsWith('image/'));
}

export function toImgImage(f: TaskFile): ImgImage {
  return { url: f.url, width: f.width ?? 0, height: f.height ?? 0, ...(f.thumbUrl ? { thumbUrl: f.thumbUrl } : {}) };
}

/** What `query` answers: state and progress; `images` once it succeeded, and the finished ones while it runs. */
export function toImgStatus(row: ImgTask): ImgTaskStatus {
  return {
    task_id: row.id,
    tool: row.toolId,
    status: row.state,
    progress: row.progress,
    stage: row.stage,
    ...(row.error ? { error: row.error } : {}),
    ...(row.state === 'succeeded' || imageFilesOf(row).length > 0 ? { images: imageFilesOf(row).map(toImgImage) } : {}),
  };
}

export function toImgTaskItem(row: ImgTask): ImgTaskItem {
  return { ...toImgStatus(row), inputs: row.inputs, createdAt: row.createdAt.toISOString() };
}

/** The text a task was drawn from: its `prompt` field, else a main `text` field, else ''. */
export function promptOf(inputs: TaskRow['inputs']): string {
  const v = inputs.prompt ?? inputs.text;
  return typeof v === 'string' ? v : '';
}
