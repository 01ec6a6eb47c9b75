import sharp from 'sharp';
import {
  MSG,
  OCR_MAX_PAGES,
  PDF_TOOL_MAX_PAGES,
  parsePageRanges,
  rangeIndexes,
  rangesLastPage,
  toolById,
  type ToolSpec,
} from '@wanxiang/contract';
import type { CatalogModel } from '../../../catalog';
import type { AppContext } from '../../../context';
import { TaskFailure, type TaskHandler, type TaskRow } from '../../../jobs';
import { wholeAnswer } from '../../../llm/whole-answer';
import { LlmError } from '../../../llm/errors';
import { runDocx } from '../../../modules/tools/export';
import { decodePicture } from '../image-inputs';
import { checkPdfBytes, readInput, refusalOf, type CheckedPdf, type InputFile } from './pdf-inputs';
import { pdfPageTexts, renderPage } from './poppler';
import { converterFailure, pageListRefusal, withPdfOnDisk } from './pdf-steps';

/**
 * 文字识别 (/doc/AiORCModel): a picture, or the pages of a scanned PDF rendered by pdftoppm, read
 * by a vision model of the chat catalog (the image-understanding kind, as 图片反推提示词) that
 * writes the text in reading order, tables as markdown tables. The result is the markdown (shown
 * and copied on the page) and a Word document of it with the AI-content label (visible footer,
 * AIGC custom property: modules/tools/export.ts). In demo mode the demo upstream answers with
 * what can honestly be known without a model: a PDF page's own text layer when it has one, the
 * picture's real size and tone otherwise, marked 演示.
 */

type OcrContext = Pick<AppContext, 'database' | 'storage' | 'llm' | 'catalog'>;

/** Pages are sent at most this large: small print stays legible, tokens stay bounded. */
const OCR_MAX_SIDE = 1_600;
/** DPI pages are rendered at before the cap (small print needs more than 72). */
const OCR_DPI = 150;
/** Longest answer kept per page. */
const PAGE_MAX_CHARS = 20_000;

const SYSTEM =
  '你是一个精确的 OCR 文字识别引擎。请逐字识别图片中的全部文字，按阅读顺序输出，保留原有的段落和换行；' +
  '表格请输出为 Markdown 表格（第一行为表头）；标题用 Markdown 标题；公式用 LaTeX。不要翻译、不要解释、不要总结、不要补充图片中没有的内容。' +
  '如果图片中没有任何文字，只输出：（无文字）';
const ASK = '请识别这张图片中的全部文字。';
const NO_TEXT = '（无文字）';
const DEMO_PREFACE = /^### 附件\n\n(?:- [^\n]*\n)+\n/;

function visionModel(ctx: Pick<OcrContext, 'catalog' | 'llm'>): CatalogModel | undefined {
  return ctx.catalog.models().find((m) => m.resloveType === 'image' && ctx.llm.available(m));
}

const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';

/** The demo upstream's answer for one page: its text layer, or the picture's real facts, marked 演示. */
export async function demoOcrAnswer(png: Buffer, layerText: string | undefined): Promise<string> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const { channels } = await sharp(png).removeAlpha().stats();
  const light = Math.round(channels.reduce((n, c) => n + c.mean, 0) / Math.max(1, channels.length));
  const head = '（演示）演示模式没有连接视觉模型，以下内容不是真实的识别结果。';
  if (layerText?.trim()) return `${head}这一页 PDF 自带文字层，内容如下：\n\n${layerText.trim()}`;
  return [
    `${head}图片的基本信息：`,
    '',
    '| 项目 | 数值 |',
    '| --- | --- |',
    `| 宽度 | ${width} 像素 |`,
    `| 高度 | ${height} 像素 |`,
    `| 平均亮度 | ${light} / 255 |`,
    '',
    '接入视觉模型后，这里会显示图片中的文字，表格会整理成表格。',
  ].join('\n');
}

interface OcrPage {
  /** 1-based page number (1 for a picture). */
  number: number;
  png: Buffer;
  /** A PDF page's own text layer (for the demo answer only). */
  layer?: string;
}

function pageNumbers(inputs: TaskRow['inputs'], pdf: CheckedPdf): number[] {
  const text = typeof inputs.pages === 'string' ? inputs.pages.trim() : '';
  const list = text ? parsePageRanges(text) : null;
  if (list) {
    if (rangesLastPage(list) > pdf.pages) throw new TaskFailure(MSG.pdfPagesOutOfRange(pdf.pages));
    return [...new Set(list.flatMap(rangeIndexes))].map((i) => i + 1);
  }
  return Array.from({ length: Math.min(OCR_MAX_PAGES, pdf.pages) }, (_, i) => i + 1);
}

export function docOcrHandler(ctx: OcrContext, tool: ToolSpec): TaskHandler {
  const label = tool.fields.find((f) => f.name === 'file')?.label ?? '文件';

  /** The input, told apart by its bytes (never its name): a checked PDF or a decodable picture. */
  const read = async (inputs: TaskRow['inputs'], userId: number): Promise<{ file: InputFile; pdf?: CheckedPdf }> => {
    const file = await readInput(ctx, userId, String(inputs.file), label);
    if (isPdf(file.data)) {
      const pdf = await checkPdfBytes(file, label, PDF_TOOL_MAX_PAGES);
      pageNumbers(inputs, pdf);
      return { file, pdf };
    }
    await decodePicture(file.data, label, OCR_MAX_SIDE).catch(() => {
      throw new TaskFailure(MSG.ocrWrongType(label));
    });
    return { file };
  };

  return {
    name: tool.id,
    timeoutMs: 10 * 60_000,
    refuse: (inputs) => pageListRefusal(inputs, { required: false, maxPages: OCR_MAX_PAGES }),
    inspect: (inputs, userId) => refusalOf(() => read(inputs, userId)),
    async run(task, tools) {
      const model = visionModel(ctx);
      if (!model) throw new TaskFailure(MSG.ocrNoModel);
      await tools.progress(5, MSG.pdfStageReading);
      const { file, pdf } = await read(task.inputs, task.userId);
      const pages: OcrPage[] = [];
      if (pdf) {
        const numbers = pageNumbers(task.inputs, pdf);
        await withPdfOnDisk(
          pdf.data,
          async (input, dir) => {
            const layers = ctx.llm.demo ? await pdfPageTexts(input, tools.signal).catch(() => [] as string[]) : [];
            for (const [n, number] of numbers.entries()) {
              await tools.progress(5 + Math.round((15 * n) / numbers.length), MSG.pdfStageRendering(n + 1, numbers.length));
              const { width, height } = pdf.doc.getPage(number - 1).getSize();
              const png = await renderPage(input, dir, {
                page: number,
                dpi: OCR_DPI,
                widthPt: width,
                heightPt: height,
                signal: tools.signal,
              }).catch((err: unknown) => converterFailure(err, tools.signal));
              pages.push({ number, png: (await decodePicture(png, label, OCR_MAX_SIDE)).bytes, layer: layers[number - 1] });
            }
          },
          'wx-ocr-',
        );
      } else {
        pages.push({ number: 1, png: (await decodePicture(file.data, label, OCR_MAX_SIDE)).bytes });
      }

      const answers: string[] = [];
      for (const [n, page] of pages.entries()) {
        await tools.progress(20 + Math.round((65 * n) / pages.length), MSG.ocrStageRecognizing(n + 1, pages.length));
        const demoAnswer = ctx.llm.demo ? await demoOcrAnswer(page.png, page.layer) : null;
        let answer: string;
        try {
          answer = await wholeAnswer(ctx, model, { system: SYSTEM, user: ASK, png: page.png, temperature: 0, maxTokens: 4_000, demoAnswer }, tools.signal);
        } catch (err) {
          if (tools.signal.aborted) throw err;
          if (err instanceof LlmError) throw new TaskFailure(MSG.ocrFailed);
          throw err;
        }
        // The demo upstream acknowledges the picture in a preface ("### 附件 ..."): not part of a page's text.
        const text = ctx.llm.demo ? answer.replace(DEMO_PREFACE, '') : answer;
        answers.push([...stripFence(text.trim())].slice(0, PAGE_MAX_CHARS).join(''));
      }
      if (!answers.some((a) => a && a !== NO_TEXT)) throw new TaskFailure(MSG.ocrEmpty);

      const markdown =
        pages.length === 1 && !pdf
          ? answers[0]!
          : pages.map((p, i) => `## ${MSG.ocrPageHeading(p.number)}\n\n${answers[i] || NO_TEXT}`).join('\n\n');
      await tools.progress(90, MSG.ocrStageDocx);
      const base = file.name.replace(/\.[^.]*$/, '').slice(0, 60) || tool.title;
      const docx = await runDocx({ id: task.id, title: `${base} 识别结果`, content: markdown, createdAt: new Date() });
      const saved = await tools.saveFile({
        name: `${base}-识别结果.docx`,
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        body: docx,
      });
      return { files: [saved], text: markdown };
    },
  };
}

/** A model that wraps its whole answer in ```markdown fences: the fences go. */
function stripFence(text: string): string {
  const m = /^```(?:markdown|md)?\s*\n([\s\S]*?)\n```$/.exec(text);
  return m ? m[1]!.trim() : text;
}

export function docOcrHandlers(ctx: OcrContext): TaskHandler[] {
  const tool = toolById('AiORCModel');
  if (!tool) throw new Error('AiORCModel is not in the registry');
  return [docOcrHandler(ctx, tool)];
}
