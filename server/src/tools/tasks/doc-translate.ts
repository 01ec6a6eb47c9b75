import {
  DOC_TRANSLATE_ACCEPT,
  DOC_TRANSLATE_MAX_CHARS,
  DOC_TRANSLATE_PDF_MAX_PAGES,
  DOC_TRANSLATE_TOOL,
  languageLabel,
  MSG,
  PDF_TRANSLATE_TOOL,
  type TaskFile,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { TaskFailure, type TaskHandler, type TaskRow, type TaskRunTools } from '../../jobs';
import { readFileBytes } from '../../modules/files/service';
import { pickPromptModel } from '../../modules/img/prompt-helper';
import { checkPdf } from '../../modules/uploads/parse/pdf-guard';
import { checkZip } from '../../modules/uploads/parse/zip-guard';
import { docxToPdf } from './office-pdf';
import { labelPdf } from './pdf-label';
import { jobKey, parseGlossary, planBatches, readCheckpoint, runBatches, type TranslateOptions } from './translate-batches';
import { layoutEnabled, translateWithLayoutEngine } from './translate-layout';
import { readOfficeDocument, writeOfficeDocument, type OfficeDocument, type OfficeKind } from './translate-office';
import type { TranslateMode } from './translate-ooxml';
import { pageParagraphs, pdfPageCount, readPdfPages, translatedPdfDocx } from './translate-pdf';

/**
 * 文档翻译 (docTranslate) and PDF翻译 (pdfTranslate): the task handlers. The file is checked at
 * submit (`inspect`: empty, a zip bomb, unreadable, no text, too many characters or pages -> a
 * Chinese 400 before anything is held) and again when the task runs. DOCX/PPTX/XLSX are translated
 * in place (translate-office.ts); a PDF's text layer page by page into a bilingual DOCX and its PDF
 * (translate-pdf.ts); PDF翻译's layout engine goes to the operator's service (translate-layout.ts).
 * Long documents: progress per batch (per page for PDFs), and every finished batch kept on the
 * task row (the vendor column, `setVendor`) so an attempt started after a crash or restart only
 * translates what is left. Any failure fails the task (refunded once by the engine).
 */

export type DocTranslateContext = Pick<AppContext, 'database' | 'storage' | 'llm' | 'catalog' | 'config'>;

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');
const baseName = (name: string) => name.replace(/\.[^.]*$/, '').replace(/[\\/:*?"<>|]+/g, '').slice(0, 60) || '文档';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const OFFICE_TYPES: Record<OfficeKind, string> = {
  docx: DOCX_TYPE,
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A checked input: an office document's items, or a PDF's paragraphs per page. */
export type PreparedInput =
  | { kind: 'office'; name: string; doc: OfficeDocument; items: string[] }
  | { kind: 'pdf'; name: string; data: Buffer; pages: string[][]; items: string[] }
  | { kind: 'pdf-layout'; name: string; data: Buffer; pages: number };

const totalChars = (items: readonly string[]) => items.reduce((n, t) => n + t.length, 0);

/**
 * The file's bytes judged: TaskFailure with the Chinese reason when it cannot be translated.
 * `layout`: a PDF for the layout engine (its pages counted, its text left to the engine).
 */
export async function prepareInput(name: string, data: Buffer, accept: readonly string[], layout = false): Promise<PreparedInput> {
  const ext = extensionOf(name);
  if (!accept.includes(ext)) throw new TaskFailure(MSG.docTranslateWrongType(accept.map((a) => a.toUpperCase()).join('、')));
  if (data.length === 0) throw new TaskFailure(MSG.docTranslateEmptyFile);
  if (ext === 'pdf') {
    if (data.subarray(0, 5).toString('latin1') !== '%PDF-') throw new TaskFailure(MSG.docTranslateUnreadable);
    if ((await checkPdf(data)) === 'too-large') throw new TaskFailure(MSG.docTranslateZipBomb);
    const count = await pdfPageCount(data).catch(() => {
      throw new TaskFailure(MSG.docTranslateUnreadable);
    });
    if (count > DOC_TRANSLATE_PDF_MAX_PAGES) throw new TaskFailure(MSG.docTranslatePdfTooManyPages(DOC_TRANSLATE_PDF_MAX_PAGES));
    if (count === 0) throw new TaskFailure(MSG.docTranslateEmptyFile);
    if (layout) return { kind: 'pdf-layout', name, data, pages: count };
    const texts = await readPdfPages(data).catch(() => {
      throw new TaskFailure(MSG.docTranslateUnreadable);
    });
    const pages = texts.map(pageParagraphs);
    const items = pages.flat();
    if (items.length === 0) throw new TaskFailure(MSG.docTranslatePdfNoText);
    if (totalChars(items) > DOC_TRANSLATE_MAX_CHARS) throw new TaskFailure(MSG.docTranslateTooLong(DOC_TRANSLATE_MAX_CHARS));
    return { kind: 'pdf', name, data, pages, items };
  }
  const verdict = await checkZip(data);
  if (verdict === 'too-large') throw new TaskFailure(MSG.docTranslateZipBomb);
  if (verdict !== 'ok') throw new TaskFailure(MSG.docTranslateUnreadable);
  const doc = await readOfficeDocument(ext as OfficeKind, data).catch(() => {
    throw new TaskFailure(MSG.docTranslateUnreadable);
  });
  if (doc.items.length === 0) throw new TaskFailure(MSG.docTranslateNoText);
  if (totalChars(doc.items) > DOC_TRANSLATE_MAX_CHARS) throw new TaskFailure(MSG.docTranslateTooLong(DOC_TRANSLATE_MAX_CHARS));
  return { kind: 'office', name, doc, items: doc.items };
}

function optionsOf(inputs: TaskRow['inputs']): TranslateOptions {
  const g = parseGlossary(inputs.glossary);
  return { source: String(inputs.source ?? 'auto'), target: String(inputs.target ?? 'zh'), glossary: g.ok ? g.terms : [] };
}

const modeOf = (inputs: TaskRow['inputs']): TranslateMode => (inputs.mode === 'target' ? 'target' : 'bilingual');
const wantsLayout = (toolId: string, inputs: TaskRow['inputs']) => toolId === PDF_TRANSLATE_TOOL && inputs.engine === 'layout';

/** The form's checks the fields cannot state: languages differ, the glossary parses. */
function refuseInputs(inputs: TaskRow['inputs']): string | null {
  if (inputs.source && inputs.source === inputs.target) return MSG.docTranslateSameLanguage;
  const g = parseGlossary(inputs.glossary);
  return g.ok ? null : g.msg;
}

async function readInput(ctx: DocTranslateContext, userId: number, fileId: unknown): Promise<{ name: string; data: Buffer }> {
  const { file, data } = await readFileBytes(ctx, userId, String(fileId)).catch(() => {
    throw new TaskFailure(MSG.taskFileMissing('文档'));
  });
  return { name: file.name, data };
}

/** Run the batches of `items`, keeping each finished one on the task and reporting progress with `stage(finishedBatches)`. */
async function translateItems(
  ctx: DocTranslateContext,
  task: TaskRow,
  tools: TaskRunTools,
  items: readonly string[],
  batches: number[][],
  stage: (done: Record<string, string[]>) => [number, string],
): Promise<string[]> {
  const model = pickPromptModel(ctx);
  if (!model) throw new TaskFailure(MSG.docTranslateNoModel);
  const options = optionsOf(task.inputs);
  const key = jobKey(String(task.inputs.file), options, batches);
  const done = readCheckpoint(task.vendor, key);
  const [pct0, stage0] = stage(done);
  await tools.progress(pct0, stage0);
  return runBatches(ctx, {
    items,
    batches,
    done,
    options,
    model,
    signal: tools.signal,
    onBatch: async (now) => {
      await tools.setVendor({ key, done: now });
      const [pct, text] = stage(now);
      await tools.progress(pct, text);
    },
  });
}

const scale = (fraction: number) => 5 + Math.round(80 * fraction);

async function runOffice(ctx: DocTranslateContext, task: TaskRow, tools: TaskRunTools, input: Extract<PreparedInput, { kind: 'office' }>): Promise<{ files: TaskFile[]; text: string }> {
  const batches = planBatches(input.items);
  const translations = await translateItems(ctx, task, tools, input.items, batches, (done) => {
    const n = Object.keys(done).length;
    return [scale(n / batches.length), MSG.docTranslateStageBatch(n, batches.length)];
  });
  await tools.progress(90, MSG.docTranslateStageWriting);
  const body = await writeOfficeDocument(input.doc, translations, modeOf(task.inputs), task.id);
  const kind = input.doc.kind;
  const file = await tools.saveFile({ name: `${baseName(input.name)}-${languageLabel(String(task.inputs.target))}译文.${kind}`, contentType: OFFICE_TYPES[kind], body });
  return { files: [file], text: MSG.docTranslateDone(input.items.length, ctx.llm.demo) };
}

async function runPdf(ctx: DocTranslateContext, task: TaskRow, tools: TaskRunTools, input: Extract<PreparedInput, { kind: 'pdf' }>): Promise<{ files: TaskFile[]; text: string }> {
  // Batches never cross a page, so progress reads in pages.
  const batches: number[][] = [];
  const pageOfBatch: number[] = [];
  let offset = 0;
  input.pages.forEach((paras, p) => {
    for (const b of planBatches(paras)) {
      batches.push(b.map((i) => i + offset));
      pageOfBatch.push(p);
    }
    offset += paras.length;
  });
  const pageCount = input.pages.length;
  const pagesDone = (done: Record<string, string[]>) => {
    const open = new Set(pageOfBatch.filter((_, b) => !done[b]));
    return pageCount - new Set(input.pages.map((_, p) => p).filter((p) => open.has(p))).size;
  };
  const translations = await translateItems(ctx, task, tools, input.items, batches, (done) => {
    const n = pagesDone(done);
    return [scale(n / pageCount), MSG.docTranslateStagePage(n, pageCount)];
  });
  await tools.progress(88, MSG.docTranslateStageWriting);
  let k = 0;
  const pages = input.pages.map((paras) => ({ source: paras, target: paras.map(() => translations[k++]!) }));
  const title = `${baseName(input.name)}（${languageLabel(String(task.inputs.target))}译文）`;
  const docx = await translatedPdfDocx(title, pages, modeOf(task.inputs), task.id);
  const base = `${baseName(input.name)}-${languageLabel(String(task.inputs.target))}译文`;
  const files = [await tools.saveFile({ name: `${base}.docx`, contentType: DOCX_TYPE, body: docx })];
  await tools.progress(92, MSG.docTranslateStagePdf);
  const pdf = await docxToPdf(docx, tools.signal);
  tools.signal.throwIfAborted();
  if (pdf) files.push(await tools.saveFile({ name: `${base}.pdf`, contentType: 'application/pdf', body: await labelPdf(pdf, task.id, false) }));
  return { files, text: MSG.docTranslatePdfDone(pageCount, ctx.llm.demo, pdf !== null) };
}

async function runLayout(ctx: DocTranslateContext, task: TaskRow, tools: TaskRunTools, input: Extract<PreparedInput, { kind: 'pdf-layout' }>): Promise<{ files: TaskFile[]; text: string }> {
  const earlier = (task.vendor as { layoutId?: unknown } | null)?.layoutId;
  await tools.progress(5, MSG.docTranslateStageLayout(0, input.pages));
  const { mono, dual } = await translateWithLayoutEngine(ctx.config.docTranslate.layout, {
    data: input.data,
    fileName: input.name,
    source: String(task.inputs.source ?? 'auto'),
    target: String(task.inputs.target ?? 'zh'),
    ...(typeof earlier === 'string' ? { remoteId: earlier } : {}),
    signal: tools.signal,
    onSubmitted: (id) => tools.setVendor({ layoutId: id }),
    onProgress: (n, total) => tools.progress(5 + Math.round((85 * n) / total), MSG.docTranslateStageLayout(n, total)),
  });
  const base = `${baseName(input.name)}-${languageLabel(String(task.inputs.target))}`;
  const files = [await tools.saveFile({ name: `${base}译文.pdf`, contentType: 'application/pdf', body: await labelPdf(mono, task.id, true) })];
  if (dual) files.push(await tools.saveFile({ name: `${base}双语对照.pdf`, contentType: 'application/pdf', body: await labelPdf(dual, task.id, true) }));
  return { files, text: MSG.docTranslateLayoutDone };
}

function docTranslateHandler(ctx: DocTranslateContext, toolId: string, accept: readonly string[]): TaskHandler {
  const prepare = async (inputs: TaskRow['inputs'], userId: number) => {
    const layout = wantsLayout(toolId, inputs);
    if (layout && !layoutEnabled(ctx.config.docTranslate.layout)) throw new TaskFailure(MSG.docTranslateLayoutOff);
    const { name, data } = await readInput(ctx, userId, inputs.file);
    return prepareInput(name, data, accept, layout);
  };
  return {
    name: toolId,
    timeoutMs: 60 * 60_000,
    refuse: refuseInputs,
    async inspect(inputs, userId) {
      try {
        await prepare(inputs, userId);
        return null;
      } catch (err) {
        if (err instanceof TaskFailure) return err.message;
        throw err;
      }
    },
    async run(task, tools) {
      await tools.progress(2, MSG.docTranslateStageReading);
      const input = await prepare(task.inputs, task.userId);
      tools.signal.throwIfAborted();
      if (input.kind === 'office') return runOffice(ctx, task, tools, input);
      if (input.kind === 'pdf') return runPdf(ctx, task, tools, input);
      return runLayout(ctx, task, tools, input);
    },
  };
}

export function docTranslateHandlers(ctx: DocTranslateContext): TaskHandler[] {
  return [docTranslateHandler(ctx, DOC_TRANSLATE_TOOL, DOC_TRANSLATE_ACCEPT), docTranslateHandler(ctx, PDF_TRANSLATE_TOOL, ['pdf'])];
}
