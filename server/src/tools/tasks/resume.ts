import { DESIGN_DOCS_MSG, MSG, RESUME_TEMPLATES, type ResumeTemplate } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER } from '../../llm/demo-upstream/given-answer';
import { LlmError } from '../../llm/errors';
import { TaskFailure, type TaskHandler, type TaskRow } from '../../jobs';
import { readFileBytes } from '../../modules/files/service';
import { pickPromptModel } from '../../modules/img/prompt-helper';
import { readDocumentText } from '../../modules/uploads/parse';
import { docxToPdf } from './office-pdf';
import { demoResumeAnswer, OLD_RESUME_MAX_CHARS, parseResume, RESUME_SYSTEM, resumeUserMessage } from './resume-content';
import { resumeDocx } from './resume-docx';

/**
 * AI简历 (aiResume at /aiDesign/aiResume, aiResumeTwo at /aiDesign/aiResumeTwo: the same tool with
 * the 简约 template preselected). The form and/or an old resume (PDF/DOCX/TXT, read by the chat
 * uploads' document parsers) go to the chat model through the LLM gateway, which writes the resume
 * as JSON; we lay it out in the chosen DOCX template and convert that to PDF with LibreOffice where
 * it is installed. Without LibreOffice the DOCX alone is handed out and the result's text says so.
 * Demo mode: the demo upstream answers a resume made from the form (resume-content.ts); the
 * marker [demo:error=500] in a field fails the task so the refund shows.
 */

export type ResumeContext = Pick<AppContext, 'database' | 'storage' | 'llm' | 'catalog' | 'config'>;

const filled = (inputs: TaskRow['inputs'], name: string) => typeof inputs[name] === 'string' && String(inputs[name]).trim() !== '';

/** A run needs an old resume, or a name with at least one section of facts. */
export function resumeRefusal(inputs: TaskRow['inputs']): string | null {
  if (filled(inputs, 'oldResume')) return null;
  return filled(inputs, 'name') && (filled(inputs, 'education') || filled(inputs, 'experience') || filled(inputs, 'skills'))
    ? null
    : DESIGN_DOCS_MSG.resumeNeedsInput;
}

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');
const safeName = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 20);

async function oldResumeText(ctx: ResumeContext, task: TaskRow): Promise<string> {
  if (!filled(task.inputs, 'oldResume')) return '';
  const { file, data } = await readFileBytes(ctx, task.userId, String(task.inputs.oldResume)).catch(() => {
    throw new TaskFailure(MSG.taskFileMissing('旧简历'));
  });
  try {
    const text = await readDocumentText(extensionOf(file.name), data, { owner: `user:${task.userId}`, limits: ctx.config.uploads.parse });
    return text.slice(0, OLD_RESUME_MAX_CHARS);
  } catch {
    throw new TaskFailure(DESIGN_DOCS_MSG.resumeOldUnreadable);
  }
}

export function resumeHandler(ctx: ResumeContext, id: 'aiResume' | 'aiResumeTwo'): TaskHandler {
  return {
    name: id,
    timeoutMs: 5 * 60_000,
    refuse: resumeRefusal,
    async run(task, tools) {
      const template: ResumeTemplate = task.inputs.template === 'simple' ? 'simple' : 'classic';
      const templateLabel = RESUME_TEMPLATES.find((t) => t.value === template)!.label;
      const model = pickPromptModel(ctx);
      if (!model) throw new TaskFailure(DESIGN_DOCS_MSG.resumeNoModel);
      await tools.progress(5, DESIGN_DOCS_MSG.resumeStageReading);
      const oldText = await oldResumeText(ctx, task);
      tools.signal.throwIfAborted();

      await tools.progress(20, DESIGN_DOCS_MSG.resumeStageWriting);
      const headers = ctx.llm.demo ? { [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(demoResumeAnswer(task.inputs, oldText)) } : undefined;
      let answer = '';
      try {
        for await (const d of ctx.llm.stream({
          model,
          messages: [
            { role: 'system', content: RESUME_SYSTEM },
            { role: 'user', content: resumeUserMessage(task.inputs, oldText) },
          ],
          temperature: 0.4,
          maxTokens: 3000,
          signal: tools.signal,
          ...(headers ? { headers } : {}),
        })) {
          if (d.type === 'text') answer += d.text;
        }
      } catch (err) {
        if (tools.signal.aborted) throw err;
        if (err instanceof LlmError) throw new TaskFailure(DESIGN_DOCS_MSG.resumeWriteFailed);
        throw err;
      }
      const resume = parseResume(answer);
      if (!resume) throw new TaskFailure(DESIGN_DOCS_MSG.resumeBadAnswer);
      // The name the user typed wins over the model's spelling of it.
      if (filled(task.inputs, 'name')) resume.name = String(task.inputs.name).trim();

      await tools.progress(70, DESIGN_DOCS_MSG.resumeStageDocx);
      const docx = await resumeDocx(resume, template, task.id);
      const base = `${safeName(resume.name) || '我'}的简历-${templateLabel}`;
      const files = [
        await tools.saveFile({
          name: `${base}.docx`,
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          body: docx,
        }),
      ];
      await tools.progress(80, DESIGN_DOCS_MSG.resumeStagePdf);
      const pdf = await docxToPdf(docx, tools.signal);
      tools.signal.throwIfAborted();
      if (pdf) files.push(await tools.saveFile({ name: `${base}.pdf`, contentType: 'application/pdf', body: pdf }));
      return { files, text: pdf ? DESIGN_DOCS_MSG.resumeDone(templateLabel) : DESIGN_DOCS_MSG.resumeDocxOnly(templateLabel) };
    },
  };
}

/** Both paths' handlers (the same tool, two registry ids). */
export function resumeHandlers(ctx: ResumeContext): TaskHandler[] {
  return [resumeHandler(ctx, 'aiResume'), resumeHandler(ctx, 'aiResumeTwo')];
}
