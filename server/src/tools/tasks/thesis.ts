import { outlineChapters, parseThesisOutline, THESIS_MSG, THESIS_TASK_TOOL_ID, type ThesisOutline } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { LlmError } from '../../llm/errors';
import { wholeAnswer } from '../../llm/whole-answer';
import { TaskFailure, type TaskHandler, type TaskRow } from '../../jobs';
import { pickPromptModel } from '../../modules/img/prompt-helper';
import {
  ABSTRACT_SYSTEM,
  abstractText,
  abstractUserMessage,
  CHAPTER_SYSTEM,
  chapterUserMessage,
  demoAbstract,
  demoChapter,
  keepKnownCitations,
  splitAbstract,
  thesisForm,
  type ThesisForm,
} from '../../modules/thesis/prompts';
import { findReferences, hasCjk, parseSearchTerms, SEARCH_TERMS_SYSTEM, searchKeywords, type ThesisReference } from '../../modules/thesis/references';
import { docxToPdf } from './office-pdf';
import { thesisDocx } from './thesis-docx';

/**
 * 论文成稿 (thesisDocx): the task behind AI论文 / 万字长文 / AI写作. Real references first (the
 * scholar adapter), then one model call per chapter with the outline and the numbered references
 * (progress by chapter), then the DOCX and, where LibreOffice is installed, its PDF. Any failure of
 * the model is the spec's 生成失败 sentence; the engine gives the count (or the points) back once.
 */

export type ThesisTaskContext = Pick<AppContext, 'llm' | 'catalog' | 'config'>;

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Progress: references 0-10, chapters 10-85, DOCX 85-92, PDF to 100. */
const REFS_DONE = 10;
const CHAPTERS_DONE = 85;

export function thesisOutlineOf(inputs: TaskRow['inputs']): ThesisOutline {
  const outline = parseThesisOutline(String(inputs.outline ?? ''));
  return { title: String(inputs.title ?? '').trim() || outline.title, chapters: outlineChapters(outline) };
}

/** Checked before anything is held (and again on a retry). */
export function thesisRefusal(inputs: TaskRow['inputs']): string | null {
  if (!String(inputs.title ?? '').trim()) return THESIS_MSG.titleRequired;
  return thesisOutlineOf(inputs).chapters.length ? null : THESIS_MSG.outlineRequired;
}

const safeName = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 30) || 'AI论文';

/** One answer of the chat model, whole; a failing model is the spec's 生成失败 sentence (the engine refunds). */
async function ask(ctx: ThesisTaskContext, signal: AbortSignal, system: string, user: string, demo: string, maxTokens: number): Promise<string> {
  const model = pickPromptModel(ctx);
  if (!model) throw new TaskFailure(THESIS_MSG.noModel);
  let text: string;
  try {
    text = await wholeAnswer(ctx, model, { system, user, temperature: 0.6, maxTokens, demoAnswer: demo }, signal);
  } catch (err) {
    if (signal.aborted) throw err;
    if (err instanceof LlmError) throw new TaskFailure(THESIS_MSG.failed);
    throw err;
  }
  if (!text.trim()) throw new TaskFailure(THESIS_MSG.failed);
  return text.trim();
}

/** English search terms for a Chinese title (one short model call); on any failure the title and field alone are searched. */
async function referenceKeywords(ctx: ThesisTaskContext, signal: AbortSignal, form: ThesisForm): Promise<string[]> {
  if (!hasCjk(`${form.title}${form.field}`)) return searchKeywords([], form.title, form.field);
  try {
    const subject = `题目：««${form.title.replace(/[«»]/g, '')}»»${form.field ? `；学科领域：««${form.field.replace(/[«»]/g, '')}»»` : ''}`;
    // Demo: the demo model knows no English, so it answers the title (the recorded scholar answers match any words).
    const answer = await ask(ctx, signal, SEARCH_TERMS_SYSTEM, subject, form.title, 200);
    return searchKeywords(parseSearchTerms(answer), form.title, form.field);
  } catch (err) {
    if (signal.aborted) throw err;
    return searchKeywords([], form.title, form.field);
  }
}

async function writeChapter(ctx: ThesisTaskContext, signal: AbortSignal, form: ThesisForm, outline: ThesisOutline, index: number, refs: readonly ThesisReference[]): Promise<string> {
  const words = Math.round(form.length / Math.max(1, outline.chapters.length));
  const text = await ask(ctx, signal, CHAPTER_SYSTEM, chapterUserMessage(form, outline, index, refs, words), demoChapter(form, outline, index, refs), Math.min(6000, Math.round(words * 2)));
  return keepKnownCitations(text, refs);
}

/** The abstract and keywords, written last from the chapters; a failure here keeps the composed abstract (the chapters are paid for). */
async function writeAbstract(ctx: ThesisTaskContext, signal: AbortSignal, form: ThesisForm, outline: ThesisOutline, chapters: { title: string; body: string }[], refs: number) {
  try {
    const answer = await ask(ctx, signal, ABSTRACT_SYSTEM, abstractUserMessage(form, chapters), demoAbstract(form, outline, refs), 800);
    const got = splitAbstract(answer);
    if (got.text) return got;
  } catch (err) {
    if (signal.aborted) throw err;
  }
  return { text: abstractText(form, outline, refs), keywords: '' };
}

export function thesisHandler(ctx: ThesisTaskContext): TaskHandler {
  return {
    name: THESIS_TASK_TOOL_ID,
    timeoutMs: 30 * 60_000,
    refuse: thesisRefusal,
    async run(task, tools) {
      const form = thesisForm(task.inputs);
      const outline = thesisOutlineOf(task.inputs);
      if (!outline.chapters.length) throw new TaskFailure(THESIS_MSG.outlineRequired);

      await tools.progress(2, THESIS_MSG.stageReferences);
      const refs = await findReferences(ctx.config.scholar, await referenceKeywords(ctx, tools.signal, form), tools.signal);
      tools.signal.throwIfAborted();
      await tools.progress(REFS_DONE, THESIS_MSG.stageReferences);

      const chapters: { title: string; body: string }[] = [];
      const total = outline.chapters.length;
      for (let i = 0; i < total; i++) {
        const title = outline.chapters[i]!.title;
        await tools.progress(REFS_DONE + Math.round(((CHAPTERS_DONE - REFS_DONE) * i) / total), THESIS_MSG.stageChapter(i + 1, total, title));
        chapters.push({ title, body: await writeChapter(ctx, tools.signal, form, outline, i, refs) });
      }

      await tools.progress(CHAPTERS_DONE, THESIS_MSG.stageAbstract);
      const summary = await writeAbstract(ctx, tools.signal, form, outline, chapters, refs.length);
      await tools.progress(CHAPTERS_DONE + 3, THESIS_MSG.stageDocx);
      const docx = await thesisDocx(
        {
          title: form.title,
          field: form.field,
          type: form.type,
          date: new Date().toISOString().slice(0, 10),
          abstract: summary.text,
          keywords: summary.keywords,
          chapters,
          references: refs,
          english: form.language === 'English',
        },
        task.id,
      );
      const base = safeName(form.title);
      const files = [await tools.saveFile({ name: `${base}.docx`, contentType: DOCX_TYPE, body: docx })];
      await tools.progress(92, THESIS_MSG.stagePdf);
      const pdf = await docxToPdf(docx, tools.signal);
      tools.signal.throwIfAborted();
      if (pdf) files.push(await tools.saveFile({ name: `${base}.pdf`, contentType: 'application/pdf', body: pdf }));
      return { files, text: pdf ? THESIS_MSG.done(total, refs.length) : THESIS_MSG.doneDocxOnly(total, refs.length) };
    },
  };
}
