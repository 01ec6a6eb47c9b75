import { z } from 'zod';
import type { TaskState } from '../tools/task';
import { DOC_TRANSLATE_MSG as M } from '../msg/doc-translate';
import { DOC_TRANSLATE_GLOSSARY_MAX, DOC_TRANSLATE_LANGUAGES } from '../tools/translate-docs';

/**
 * The spec's document translation calls (search-agents-tools 7.6; docs/api.md "Document
 * translation"): POST /api/v1/doc/translate, doc/translate_query, pdf/uploadPdf, pdf/translate,
 * pdf/format_translate, pdf/format_translate_query, pdf/progress. Each translating call is a run of
 * the 文档翻译 or PDF翻译 task tool; the query calls read the caller's own task.
 */

const targets = DOC_TRANSLATE_LANGUAGES.map((l) => l.value);
const fileId = z
  .string({ error: M.docTranslateFileIdInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: M.docTranslateFileIdInvalid });
const taskId = z
  .string({ error: M.docTranslateTaskIdInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: M.docTranslateTaskIdInvalid });

/** POST doc/translate, pdf/translate, pdf/format_translate. */
export const DocTranslateSchema = z.object({
  file_id: fileId,
  source_lang: z
    .string({ error: M.docTranslateLanguageInvalid })
    .refine((v) => v === 'auto' || targets.includes(v), { error: M.docTranslateLanguageInvalid })
    .default('auto'),
  target_lang: z.string({ error: M.docTranslateTargetRequired }).refine((v) => targets.includes(v), { error: M.docTranslateLanguageInvalid }),
  mode: z.enum(['bilingual', 'target'], { error: M.docTranslateModeInvalid }).default('bilingual'),
  glossary: z.string().max(DOC_TRANSLATE_GLOSSARY_MAX, { error: M.docTranslateGlossaryTooLong(DOC_TRANSLATE_GLOSSARY_MAX) }).default(''),
  /** 开启积分抵扣: pay this run with points. */
  usePoints: z.boolean().optional(),
});
export type DocTranslateReq = z.infer<typeof DocTranslateSchema>;

/** POST doc/translate_query, pdf/format_translate_query, pdf/progress. */
export const DocTranslateQuerySchema = z.object({ task_id: taskId });

export interface DocTranslateFile {
  id: string;
  name: string;
  url: string;
  bytes: number;
  contentType: string;
}

/** What the query calls answer. */
export interface DocTranslateStatus {
  task_id: string;
  tool: string;
  status: TaskState;
  progress: number;
  stage: string;
  /** When failed: the reason (文档翻译失败 unless a more precise one is known). */
  error?: string;
  /** When succeeded: the translated files (downloads: GET url?download=1, owner only). */
  files?: DocTranslateFile[];
  /** When succeeded: a sentence about what was done. */
  text?: string;
}

/** POST pdf/uploadPdf: the stored PDF, checked (text layer not required: the layout engine reads scans too). */
export interface PdfUploaded {
  file_id: string;
  name: string;
  bytes: number;
  pages: number;
}
