import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import {
  IMAGES_TO_PDF_MAX,
  MSG,
  PDF_IMAGES_MAX_PAGES,
  PDF_MERGE_MAX_FILES,
  PDF_SPLIT_MAX_PARTS,
  PDF_TOOL_MAX_PAGES,
  parsePageRanges,
  rangeIndexes,
  rangesLastPage,
  toolById,
  type PageRange,
  type TaskFile,
  type ToolSpec,
} from '@wanxiang/contract';
import type { AppContext } from '../../../context';
import { TaskFailure, type TaskHandler, type TaskOutcome, type TaskRow, type TaskRunTools } from '../../../jobs';
import { decodePicture } from '../image-inputs';
import { checkDocxBytes, checkPdfBytes, readInput, readPdf, refusalOf, resultName, type CheckedPdf } from './pdf-inputs';
import { pdfPageTexts, renderPage } from './poppler';
import { converterFailure, pageListRefusal, withPdfOnDisk } from './pdf-steps';
import { BinaryError } from '../../../infra/process/run-binary';
import { docxToPdfWithOffice, pdfToDocxWithOffice } from './soffice';
import { textPagesDocx } from './text-docx';

/**
 * The operations of /PdfTools (contract/src/tools/pdf-tools.ts): merge, split, extract, PDF to
 * images, images to PDF, PDF to Word, Word to PDF. pdf-lib does what only rearranges pages (in
 * this process: it never decodes page content); rendering and text reading run poppler-utils,
 * Word conversions LibreOffice, each as a killed-at-deadline process (run-binary.ts). Every input
 * is checked at submit (`inspect`: a Chinese 400) and again when the task runs. Results are plain
 * conversions, not AI content, so they carry no AI label.
 */

type PdfToolsContext = Pick<AppContext, 'database' | 'storage'>;

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ZIP = 'application/zip';
/** Most bytes of pictures one PDF-to-images run may write. */
const IMAGES_MAX_TOTAL_BYTES = 200 * 1024 * 1024;
/** Pictures embedded into a PDF are sent at most this large (about 250 DPI on A4). */
const EMBED_MAX_SIDE = 2_480;
const A4 = { width: 595.28, height: 841.89 };
const A4_MARGIN = 28;

const labelOf = (tool: ToolSpec, name: string) => tool.fields.find((f) => f.name === name)?.label ?? name;
const fileIds = (inputs: TaskRow['inputs'], prefix: string, max: number) =>
  Array.from({ length: max }, (_, i) => inputs[`${prefix}${i + 1}`]).flatMap((v, i) =>
    typeof v === 'string' ? [{ id: v, field: `${prefix}${i + 1}` }] : [],
  );

function ranges(inputs: TaskRow['inputs']): PageRange[] | null {
  return typeof inputs.pages === 'string' && inputs.pages.trim() ? parsePageRanges(inputs.pages) : null;
}

/** The page list against the real page count. */
function checkRangesFit(list: PageRange[] | null, pages: number): void {
  if (list && rangesLastPage(list) > pages) throw new TaskFailure(MSG.pdfPagesOutOfRange(pages));
}

/** A new PDF of the given pages (0-based, in order, repeats allowed) of `source`. */
async function pickPages(source: PDFDocument, indexes: number[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const copies = await out.copyPages(source, indexes);
  for (const p of copies) out.addPage(p);
  return out.save();
}

async function saveOne(tools: TaskRunTools, name: string, contentType: string, body: Uint8Array | Buffer): Promise<TaskFile> {
  await tools.progress(95, MSG.pdfStageSaving);
  return tools.saveFile({ name, contentType, body: Buffer.from(body) });
}

async function zipOf(entries: { name: string; body: Uint8Array | Buffer }[], compress: boolean): Promise<Buffer> {
  const zip = new JSZip();
  for (const e of entries) zip.file(e.name, e.body);
  return zip.generateAsync({ type: 'nodebuffer', compression: compress ? 'DEFLATE' : 'STORE' });
}

/**
 * An operation's handler. `read` fetches and checks the inputs; the same function answers at
 * submit (inspect: a Chinese 400, before anything is held) and when the task runs (then `work`
 * makes the result), so the two can never disagree.
 */
function operation<T>(
  tool: ToolSpec,
  spec: {
    timeoutMs?: number;
    refuse?: TaskHandler['refuse'];
    read: (inputs: TaskRow['inputs'], userId: number) => Promise<T>;
    work: (input: T, task: TaskRow, tools: TaskRunTools) => Promise<TaskOutcome>;
  },
): TaskHandler {
  return {
    name: tool.id,
    timeoutMs: spec.timeoutMs ?? 5 * 60_000,
    ...(spec.refuse ? { refuse: spec.refuse } : {}),
    inspect: (inputs, userId) => refusalOf(() => spec.read(inputs, userId)),
    async run(task, tools) {
      await tools.progress(5, MSG.pdfStageReading);
      return spec.work(await spec.read(task.inputs, task.userId), task, tools);
    },
  };
}

// ---- The operations

function mergeHandler(ctx: PdfToolsContext, tool: ToolSpec): TaskHandler {
  const readAll = async (inputs: TaskRow['inputs'], userId: number): Promise<CheckedPdf[]> => {
    const files: CheckedPdf[] = [];
    for (const f of fileIds(inputs, 'file', PDF_MERGE_MAX_FILES))
      files.push(await readPdf(ctx, userId, f.id, labelOf(tool, f.field), PDF_TOOL_MAX_PAGES));
    const total = files.reduce((n, f) => n + f.pages, 0);
    if (total > PDF_TOOL_MAX_PAGES) throw new TaskFailure(MSG.pdfTotalTooManyPages(PDF_TOOL_MAX_PAGES));
    return files;
  };
  return operation(tool, {
    read: readAll,
    async work(files, _task, tools) {
      await tools.progress(40, MSG.pdfStageWorking);
      const out = await PDFDocument.create();
      for (const f of files) {
        const copies = await out.copyPages(f.doc, f.doc.getPageIndices());
        for (const p of copies) out.addPage(p);
      }
      const pages = out.getPageCount();
      const file = await saveOne(tools, resultName(files[0]!.name, '-合并', 'pdf'), PDF, await out.save());
      return { files: [file], text: MSG.pdfMergedNote(files.length, pages) };
    },
  });
}

function splitHandler(ctx: PdfToolsContext, tool: ToolSpec): TaskHandler {
  const label = labelOf(tool, 'file');
  const read = async (inputs: TaskRow['inputs'], userId: number) => {
    const pdf = await readPdf(ctx, userId, String(inputs.file), label, PDF_TOOL_MAX_PAGES);
    if (inputs.mode === 'ranges') checkRangesFit(ranges(inputs), pdf.pages);
    return pdf;
  };
  return operation(tool, {
    refuse(inputs) {
      if (inputs.mode !== 'ranges') return null;
      if (!(typeof inputs.pages === 'string' && inputs.pages.trim())) return MSG.pdfRangesRequired;
      return pageListRefusal(inputs, { required: true, maxParts: PDF_SPLIT_MAX_PARTS, maxPages: PDF_TOOL_MAX_PAGES });
    },
    read,
    async work(pdf, task, tools) {
      const parts: PageRange[] =
        task.inputs.mode === 'ranges' ? ranges(task.inputs)! : pdf.doc.getPageIndices().map((i) => ({ from: i + 1, to: i + 1 }));
      const entries: { name: string; body: Uint8Array }[] = [];
      for (const [n, part] of parts.entries()) {
        tools.signal.throwIfAborted();
        const span = part.from === part.to ? `${part.from}` : `${part.from}-${part.to}`;
        entries.push({ name: resultName(pdf.name, `-第${span}页`, 'pdf'), body: await pickPages(pdf.doc, rangeIndexes(part)) });
        if (n % 10 === 0) await tools.progress(10 + Math.round((80 * n) / parts.length), MSG.pdfStageWorking);
      }
      const file =
        entries.length === 1
          ? await saveOne(tools, entries[0]!.name, PDF, entries[0]!.body)
          : await saveOne(tools, resultName(pdf.name, '-拆分', 'zip'), ZIP, await zipOf(uniqueNames(entries), true));
      return { files: [file], text: MSG.pdfSplitNote(entries.length) };
    },
  });
}

/** Zip entry names made unique (the same range twice would overwrite itself). */
function uniqueNames<T extends { name: string }>(entries: T[]): T[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const n = (seen.get(e.name) ?? 0) + 1;
    seen.set(e.name, n);
    return n === 1 ? e : { ...e, name: e.name.replace(/(\.[^.]+)$/, `(${n})$1`) };
  });
}

function extractHandler(ctx: PdfToolsContext, tool: ToolSpec): TaskHandler {
  const label = labelOf(tool, 'file');
  const read = async (inputs: TaskRow['inputs'], userId: number) => {
    const pdf = await readPdf(ctx, userId, String(inputs.file), label, PDF_TOOL_MAX_PAGES);
    checkRangesFit(ranges(inputs), pdf.pages);
    return pdf;
  };
  return operation(tool, {
    refuse: (inputs) => pageListRefusal(inputs, { required: true, maxPages: PDF_TOOL_MAX_PAGES }),
    read,
    async work(pdf, task, tools) {
      await tools.progress(40, MSG.pdfStageWorking);
      const indexes = ranges(task.inputs)!.flatMap(rangeIndexes);
      const file = await saveOne(tools, resultName(pdf.name, '-提取', 'pdf'), PDF, await pickPages(pdf.doc, indexes));
      return { files: [file], text: MSG.pdfExtractNote(indexes.length) };
    },
  });
}

function pdfToImagesHandler(ctx: PdfToolsContext, tool: ToolSpec): TaskHandler {
  const label = labelOf(tool, 'file');
  const read = async (inputs: TaskRow['inputs'], userId: number) => {
    const pdf = await readPdf(ctx, userId, String(inputs.file), label, PDF_TOOL_MAX_PAGES);
    const list = ranges(inputs);
    checkRangesFit(list, pdf.pages);
    if (!list && pdf.pages > PDF_IMAGES_MAX_PAGES) throw new TaskFailure(MSG.pdfPagesTooMany(PDF_IMAGES_MAX_PAGES));
    return pdf;
  };
  return operation(tool, {
    timeoutMs: 10 * 60_000,
    refuse: (inputs) => pageListRefusal(inputs, { required: false, maxPages: PDF_IMAGES_MAX_PAGES }),
    read,
    async work(pdf, task, tools) {
      const list = ranges(task.inputs);
      // Each page once, in the order asked.
      const pages = [...new Set(list ? list.flatMap(rangeIndexes) : pdf.doc.getPageIndices())];
      const dpi = Number(task.inputs.dpi ?? 150);
      const pictures = await withPdfOnDisk(pdf.data, async (input, dir) => {
        const out: { name: string; body: Buffer }[] = [];
        let total = 0;
        for (const [n, index] of pages.entries()) {
          await tools.progress(10 + Math.round((80 * n) / pages.length), MSG.pdfStageRendering(n + 1, pages.length));
          const { width, height } = pdf.doc.getPage(index).getSize();
          const body = await renderPage(input, dir, { page: index + 1, dpi, widthPt: width, heightPt: height, signal: tools.signal }).catch(
            (err: unknown) => converterFailure(err, tools.signal),
          );
          total += body.length;
          if (total > IMAGES_MAX_TOTAL_BYTES) throw new TaskFailure(MSG.pdfOutputTooLarge);
          out.push({ name: resultName(pdf.name, `-第${String(index + 1).padStart(String(pdf.pages).length, '0')}页`, 'png'), body });
        }
        return out;
      });
      if (pictures.length === 1) {
        const meta = await sharp(pictures[0]!.body).metadata();
        await tools.progress(95, MSG.pdfStageSaving);
        const file = await tools.saveFile({
          name: pictures[0]!.name,
          contentType: 'image/png',
          body: pictures[0]!.body,
          width: meta.width,
          height: meta.height,
        });
        return { files: [file], text: MSG.pdfImagesNote(1) };
      }
      const file = await saveOne(tools, resultName(pdf.name, '-图片', 'zip'), ZIP, await zipOf(pictures, false));
      return { files: [file], text: MSG.pdfImagesNote(pictures.length) };
    },
  });
}

function imagesToPdfHandler(ctx: PdfToolsContext, tool: ToolSpec): TaskHandler {
  const readAll = async (inputs: TaskRow['inputs'], userId: number) => {
    const out: { name: string; jpeg: Buffer; width: number; height: number }[] = [];
    for (const f of fileIds(inputs, 'image', IMAGES_TO_PDF_MAX)) {
      const label = labelOf(tool, f.field);
      const input = await readInput(ctx, userId, f.id, label);
      const pic = await decodePicture(input.data, label, EMBED_MAX_SIDE);
      // JPEG on white: a photo page stays small, and a transparent PNG does not turn black.
      const jpeg = await sharp(pic.bytes).flatten({ background: '#ffffff' }).jpeg({ quality: 88 }).toBuffer();
      out.push({ name: input.name, jpeg, width: pic.width, height: pic.height });
    }
    return out;
  };
  return operation(tool, {
    read: readAll,
    async work(pictures, task, tools) {
      await tools.progress(50, MSG.pdfStageWorking);
      const doc = await PDFDocument.create();
      for (const pic of pictures) {
        const image = await doc.embedJpg(pic.jpeg);
        if (task.inputs.pageSize === 'fit') {
          // 96 pixels to the inch, as a screen shows the picture.
          const w = pic.width * 0.75;
          const h = pic.height * 0.75;
          doc.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
          continue;
        }
        const landscape = pic.width > pic.height;
        const pw = landscape ? A4.height : A4.width;
        const ph = landscape ? A4.width : A4.height;
        const scale = Math.min((pw - 2 * A4_MARGIN) / pic.width, (ph - 2 * A4_MARGIN) / pic.height);
        const w = pic.width * scale;
        const h = pic.height * scale;
        doc.addPage([pw, ph]).drawImage(image, { x: (pw - w) / 2, y: (ph - h) / 2, width: w, height: h });
      }
      const file = await saveOne(tools, resultName(pictures[0]!.name, '', 'pdf'), PDF, await doc.save());
      return { files: [file], text: MSG.pdfFromImagesNote(pictures.length) };
    },
  });
}

function pdfToWordHandler(ctx: PdfToolsContext, tool: ToolSpec): TaskHandler {
  const label = labelOf(tool, 'file');
  return operation(tool, {
    read: (inputs, userId) => readPdf(ctx, userId, String(inputs.file), label, PDF_TOOL_MAX_PAGES),
    async work(pdf, task, tools) {
      await tools.progress(20, MSG.pdfStageConverting);
      const name = resultName(pdf.name, '', 'docx');
      const notes = [MSG.pdfWordNote(pdf.pages)];
      if (task.inputs.mode === 'layout') {
        try {
          const docx = await pdfToDocxWithOffice(pdf.data, tools.signal);
          return { files: [await saveOne(tools, name, DOCX, docx)], text: notes.join('\n') };
        } catch (err) {
          tools.signal.throwIfAborted();
          if (!(err instanceof BinaryError)) throw err;
          // LibreOffice missing or failing on this file: the text layer still makes a usable document.
          notes.push(MSG.pdfLayoutFallback);
        }
      }
      const texts = await withPdfOnDisk(pdf.data, (input) =>
        pdfPageTexts(input, tools.signal).catch((err: unknown) => converterFailure(err, tools.signal)),
      );
      if (!texts.some((t) => t.trim())) throw new TaskFailure(MSG.pdfNoTextLayer);
      await tools.progress(70, MSG.pdfStageConverting);
      const docx = await textPagesDocx(texts, pdf.name.replace(/\.[^.]*$/, ''));
      return { files: [await saveOne(tools, name, DOCX, docx)], text: notes.join('\n') };
    },
  });
}

function wordToPdfHandler(ctx: PdfToolsContext, tool: ToolSpec): TaskHandler {
  const label = labelOf(tool, 'file');
  const read = async (inputs: TaskRow['inputs'], userId: number) =>
    checkDocxBytes(await readInput(ctx, userId, String(inputs.file), label), label);
  return operation(tool, {
    read,
    async work(docx, _task, tools) {
      await tools.progress(20, MSG.pdfStageConverting);
      const pdf = await docxToPdfWithOffice(docx.data, tools.signal).catch((err: unknown) => converterFailure(err, tools.signal));
      // The result is read back like any input: a PDF LibreOffice could not finish is a failure, not a download.
      const checked = await checkPdfBytes({ name: docx.name, data: pdf }, label, Number.MAX_SAFE_INTEGER).catch(() => {
        throw new TaskFailure(MSG.pdfToolFailed);
      });
      const file = await saveOne(tools, resultName(docx.name, '', 'pdf'), PDF, pdf);
      return { files: [file], text: MSG.pdfFromWordNote(checked.pages) };
    },
  });
}

const BUILDERS: Record<string, (ctx: PdfToolsContext, tool: ToolSpec) => TaskHandler> = {
  pdfMerge: mergeHandler,
  pdfSplit: splitHandler,
  pdfExtract: extractHandler,
  pdfToImages: pdfToImagesHandler,
  imagesToPdf: imagesToPdfHandler,
  pdfToWord: pdfToWordHandler,
  wordToPdf: wordToPdfHandler,
};

export function pdfToolHandlers(ctx: PdfToolsContext): TaskHandler[] {
  return Object.entries(BUILDERS).map(([id, build]) => {
    const tool = toolById(id);
    if (!tool) throw new Error(`PDF tool ${id} is not in the registry`);
    return build(ctx, tool);
  });
}
