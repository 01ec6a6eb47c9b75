import JSZip from 'jszip';
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../../../context';
import { TaskFailure } from '../../../jobs';
import { readFileBytes } from '../../../modules/files/service';
import { checkPdf } from '../../../modules/uploads/parse/pdf-guard';
import { checkZip } from '../../../modules/uploads/parse/zip-guard';

/**
 * The files a PDF tool reads: the owner's own upload (another user's id is not found), checked
 * for what it really is before any library or converter sees it. The same checks run twice: at
 * submit (the handler's `inspect`, so a bad file is a Chinese 400 and nothing is held) and again
 * when the task runs (the file could have expired between). A PDF's compressed streams are
 * counted first (pdf-guard: a few KB must not inflate to gigabytes), then pdf-lib parses it and
 * counts its pages; a DOCX's parts are counted (zip-guard) before JSZip opens it.
 */

export type PdfFilesContext = Pick<AppContext, 'database' | 'storage'>;

export interface InputFile {
  name: string;
  data: Buffer;
}

export interface CheckedPdf extends InputFile {
  doc: PDFDocument;
  pages: number;
}

/** The owner's upload of a field, or a failure naming the field. */
export async function readInput(ctx: PdfFilesContext, userId: number, fileId: string, label: string): Promise<InputFile> {
  const { file, data } = await readFileBytes(ctx, userId, fileId).catch(() => {
    throw new TaskFailure(MSG.taskFileMissing(label));
  });
  return { name: file.name, data };
}

/** A PDF's bytes parsed and counted; refused when unreadable, encrypted, empty, a bomb or too long. */
export async function checkPdfBytes(file: InputFile, label: string, maxPages: number): Promise<CheckedPdf> {
  if (file.data.subarray(0, 5).toString('latin1') !== '%PDF-') throw new TaskFailure(MSG.pdfUnreadable(label));
  const verdict = await checkPdf(file.data);
  if (verdict === 'too-large') throw new TaskFailure(MSG.pdfTooLarge(label));
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(file.data, { updateMetadata: false });
  } catch (err) {
    throw new TaskFailure(err instanceof EncryptedPDFError ? MSG.pdfEncrypted(label) : MSG.pdfUnreadable(label));
  }
  const pages = doc.getPageCount();
  if (pages === 0) throw new TaskFailure(MSG.pdfEmpty(label));
  if (pages > maxPages) throw new TaskFailure(MSG.pdfTooManyPages(label, maxPages));
  return { ...file, doc, pages };
}

/** The owner's PDF of a field, checked. */
export async function readPdf(ctx: PdfFilesContext, userId: number, fileId: string, label: string, maxPages: number): Promise<CheckedPdf> {
  return checkPdfBytes(await readInput(ctx, userId, fileId, label), label, maxPages);
}

/** A .docx: a zip that inflates within bounds and holds a Word body. */
export async function checkDocxBytes(file: InputFile, label: string): Promise<InputFile> {
  const verdict = await checkZip(file.data);
  if (verdict === 'too-large') throw new TaskFailure(MSG.docxTooLarge(label));
  if (verdict !== 'ok') throw new TaskFailure(MSG.docxUnreadable(label));
  try {
    const zip = await JSZip.loadAsync(file.data);
    if (!zip.file('word/document.xml')) throw new Error('no word/document.xml');
  } catch {
    throw new TaskFailure(MSG.docxUnreadable(label));
  }
  return file;
}

/** A submit-time check: the refusal of a check that throws TaskFailure, or null when it passes. */
export async function refusalOf(check: () => Promise<unknown>): Promise<string | null> {
  try {
    await check();
    return null;
  } catch (err) {
    if (err instanceof TaskFailure) return err.message;
    throw err;
  }
}

/** A result's file name: the input's name without its extension, a suffix, an extension. */
export function resultName(inputName: string, suffix: string, ext: string): string {
  const base = inputName.replace(/\.[^.]*$/, '').slice(0, 60) || 'PDF';
  return `${base}${suffix}.${ext}`;
}
