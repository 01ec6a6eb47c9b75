import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { TaskFailure, type TaskHandler, type TaskPrice } from '../../jobs';
import { labelPptx } from './ai-label';
import { buildPptx } from './builder/build';
import { deckFromOutline, outlineHasContent } from './deck';
import { templateRegistry } from './templates';

/**
 * The slide-file build as a task of the task engine (kind `slides:file`): the outline and the
 * template travel in the task's inputs, the deck is drawn slide by slide with real progress
 * (outline parsed, each slide drawn, file written), and the .pptx goes to the file store as the
 * task's one result file. The engine holds the doc_ppt count when the task is accepted and
 * settles it on success or gives it back on any failure, timeout or lost worker.
 */

export const SLIDES_TASK_KIND = 'slides:file';
export const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
/** A deck builds in well under a second: a task this old lost its worker more than once. */
export const SLIDES_TASK_TIMEOUT_MS = 5 * 60_000;

/** Progress at each milestone: parsing is quick, drawing is most of the work, writing the rest. */
const PARSED = 10;
const DRAWN = 90;

export type SlidesTaskContext = Pick<AppContext, 'config'>;

/** One doc_ppt count per build: held when the task is accepted (a new build or a retry), charged on success. */
export const SLIDES_PRICE: TaskPrice = { quotaKey: 'doc_ppt' };

/**
 * Why these inputs cannot be built (a Chinese refusal), or null: the template must still exist and
 * the outline must have content. Checked when a build is created and again when a failed one is
 * retried (its template may have been removed since), so nothing is held for a build bound to fail.
 */
export function slidesInputsRefusal(ctx: SlidesTaskContext, inputs: Record<string, string | number | boolean>): string | null {
  if (!templateRegistry(ctx.config.catalogDir).get(String(inputs.template ?? ''))) return MSG.slidesTemplateUnknown;
  if (!outlineHasContent(String(inputs.content ?? ''))) return MSG.slidesContentRequired;
  return null;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function slidesFileHandler(ctx: SlidesTaskContext): TaskHandler {
  return {
    name: SLIDES_TASK_KIND,
    timeoutMs: SLIDES_TASK_TIMEOUT_MS,
    // A failed or canceled build is retried through POST /api/v1/tasks/{id}/retry like a task tool's task.
    resubmit: { price: SLIDES_PRICE, refusal: (inputs) => slidesInputsRefusal(ctx, inputs) },
    async run(task, tools) {
      const content = String(task.inputs.content ?? '');
      const template = templateRegistry(ctx.config.catalogDir).get(String(task.inputs.template ?? ''));
      if (!template) throw new TaskFailure(MSG.slidesTemplateUnknown);
      if (!outlineHasContent(content)) throw new TaskFailure(MSG.slidesContentRequired);
      await tools.progress(2, MSG.slidesStageOutline);
      const deck = deckFromOutline(content);
      await tools.progress(PARSED, MSG.slidesStageSlide(0, deck.slides.length));
      const bytes = await buildPptx(deck, template, {
        onSlide: async (drawn, total) => {
          if (tools.signal.aborted) throw new TaskFailure(MSG.slidesFailed);
          await pause(ctx.config.slides.paceMs, tools.signal);
          await tools.progress(PARSED + Math.round(((DRAWN - PARSED) * drawn) / total), MSG.slidesStageSlide(drawn, total));
        },
      });
      await tools.progress(DRAWN + 2, MSG.slidesStageWriting);
      const labelled = await labelPptx(bytes, task.id);
      const file = await tools.saveFile({ name: `${deck.title || 'AI PPT'}.pptx`, contentType: PPTX_TYPE, body: labelled });
      return { files: [file] };
    },
  };
}
