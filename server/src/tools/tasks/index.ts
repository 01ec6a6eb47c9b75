import { toolById, TRANSLATE_IMAGE_ID } from '@wanxiang/contract';
import type { TaskHandler } from '../../jobs';
import { aigcHandlers } from '../../modules/aigc/tasks';
import { docIndexHandler } from '../../modules/doc-library/index-task';
import { slidesFileHandler } from '../../modules/slides/build-task';
import { designToolHandlers } from './design-tool';
import { docTranslateHandlers } from './doc-translate';
import { imgEffectHandler } from './img-effect';
import { imageTranslateHandler } from './image-translate';
import { imageToolHandlers } from './image-tool';
import { mediaHandlers } from './media';
import type { TaskHandlersContext } from './handlers-context';
import { docOcrHandlers } from './pdf/doc-ocr';
import { pdfToolHandlers } from './pdf/pdf-tools';
import { posterBackgroundHandler } from './poster-background';
import { resumeHandlers } from './resume';
import { thesisHandler } from './thesis';

/**
 * The server halves of the task tools (and internal long work), by name. Adding a task tool is
 * one ToolSpec in contract/src/tools/effects.ts plus one handler here; an image tool is one ToolSpec in
 * contract/src/tools/images.ts plus one row of image-plans.ts (the generic handler of image-tool.ts).
 */
export type { TaskHandlersContext } from './handlers-context';

export function taskHandlers(ctx: TaskHandlersContext): TaskHandler[] {
  return [imgEffectHandler(ctx), slidesFileHandler(ctx), ...imageToolHandlers(ctx), ...designToolHandlers(ctx), posterBackgroundHandler(ctx), ...resumeHandlers(ctx), thesisHandler(ctx), imageTranslateHandler(ctx, toolById(TRANSLATE_IMAGE_ID)!), ...pdfToolHandlers(ctx), ...docOcrHandlers(ctx), ...aigcHandlers(ctx), ...docTranslateHandlers(ctx), docIndexHandler(ctx), ...mediaHandlers(ctx)];
}

export function findTaskHandler(ctx: TaskHandlersContext, name: string): TaskHandler | undefined {
  return taskHandlers(ctx).find((h) => h.name === name);
}
