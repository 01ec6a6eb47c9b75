import { DESIGN_DOCS_MSG, MSG, POSTER_BACKGROUND_TOOL, posterCopyText, posterFormat } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { TaskFailure, type TaskHandler } from '../../jobs';
import { labelPicture, runImageJob, savePicture, VendorStates } from './image-output';
import { suggestPosterCopy } from './poster-copy';
import { composePrompt, DEMO_FAILURE_MARKER, seedOf, styleOf, text } from './image-prompt';

/**
 * 海报背景 (posterBackground): the background of an AI海报, painted by the image backend's
 * generate operation (the operator's vendor, or the demo painter in demo mode) at the poster
 * format's ratio, stored with both AI-content labels (the AI生成 corner mark and AIGC metadata).
 * The words we add keep the picture free of text and leave calm space for the layers the page
 * lays over it; the poster itself is composed in the browser (web/src/features/poster). Beside it the
 * chat model suggests the layers' copy (poster-copy.ts), answered as the task's text when there is one.
 */

export type PosterBackgroundContext = Pick<AppContext, 'database' | 'storage' | 'images' | 'llm' | 'catalog'>;

/** Words of ours: a background for text, never text of its own (a model's letters would clash with the layers). */
export const POSTER_WORDS =
  '海报背景，画面干净，主体偏向一侧或下方，留出大面积适合排版文字的空白区域，色彩和谐，不要出现任何文字、字母或水印';

/** Longest side asked of a vendor: enough to fill the export when scaled, within what vendors paint. */
const BACKGROUND_MAX_SIDE = 1280;

/** The background's size for a poster format: its ratio, longest side BACKGROUND_MAX_SIDE, multiples of 8. */
export function backgroundSize(format: unknown): { width: number; height: number } {
  const f = posterFormat(format);
  const scale = BACKGROUND_MAX_SIDE / Math.max(f.width, f.height);
  const to8 = (n: number) => Math.max(256, Math.round((n * scale) / 8) * 8);
  return { width: to8(f.width), height: to8(f.height) };
}

export function posterBackgroundHandler(ctx: PosterBackgroundContext): TaskHandler {
  const title = POSTER_BACKGROUND_TOOL.title;
  return {
    name: POSTER_BACKGROUND_TOOL.id,
    timeoutMs: 5 * 60_000,
    partialResults: true,
    async run(task, tools) {
      // A re-claimed task keeps the picture an earlier claim stored.
      const kept = task.result?.files[0];
      if (kept) return { files: [kept] };
      const userText = text(task.inputs.text);
      if (ctx.images.demo && userText.includes(DEMO_FAILURE_MARKER)) throw new TaskFailure(MSG.imgDemoFailure);
      const route = ctx.images.route('generate');
      if (!route) throw new TaskFailure(MSG.imgNotEnabled(title));
      const style = styleOf(task.inputs);
      const pic = await runImageJob(tools, new VendorStates(task, tools), {
        route,
        job: {
          op: 'generate',
          prompt: composePrompt(userText, POSTER_WORDS, style),
          ...backgroundSize(task.inputs.size),
          count: 1,
          seed: seedOf(task.inputs),
          ...(style ? { style } : {}),
        },
        key: 'background',
        from: 5,
        to: 85,
        stage: DESIGN_DOCS_MSG.posterStageBackground,
        title,
      });
      await tools.progress(90, DESIGN_DOCS_MSG.posterStageSaving);
      const labelled = await labelPicture(pic.bytes, task.id);
      const files = [await savePicture(tools, labelled, title)];
      await tools.progress(94, DESIGN_DOCS_MSG.posterStageCopy);
      const copy = await suggestPosterCopy(ctx, userText, tools.signal);
      return copy ? { files, text: posterCopyText(copy) } : { files };
    },
  };
}
