import { Code, SHARE_MSG as M, type ExportFormat } from '@wanxiang/contract';
import { AppError } from '../../http/errors';
import { docxToPdf } from '../../tools/tasks/office-pdf';
import { exportFileName, runDocx, runMarkdown } from '../tools/export';
import { loadTranscript, transcriptMarkdown, type TranscriptContext } from './transcript';

/**
 * A chat as a file (docs/api.md "Share and export"): the questions and answers as Markdown, as Word (the tools'
 * exporter: markdown rendered, the AI-content line in the body and the page footer, the AIGC label in the custom
 * properties) or as PDF (that Word document through LibreOffice, office-pdf.ts). Null when the caller has no such chat.
 */

const TYPES: Record<ExportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

export async function exportChat(
  ctx: TranscriptContext,
  userId: number,
  conversationId: string,
  format: ExportFormat,
): Promise<{ name: string; type: string; body: Buffer } | null> {
  const t = await loadTranscript(ctx, userId, 'chat', conversationId);
  if (!t) return null;
  if (!t.rounds.length) throw new AppError(Code.BAD_REQUEST, M.exportEmpty);
  const run = { id: conversationId, title: t.title, content: transcriptMarkdown(t), createdAt: t.createdAt };
  const name = exportFileName(run, format);
  if (format === 'md') return { name, type: TYPES.md, body: Buffer.from(runMarkdown(run), 'utf8') };
  const docx = await runDocx(run);
  if (format === 'docx') return { name, type: TYPES.docx, body: docx };
  const pdf = await docxToPdf(docx);
  if (!pdf) throw new AppError(Code.UNAVAILABLE, M.exportPdfUnavailable);
  return { name, type: TYPES.pdf, body: pdf };
}
