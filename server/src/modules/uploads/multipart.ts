import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code, MSG } from '@wanxiang/contract';
import { AppError, badRequest } from '../../http/errors';
import type { IncomingFile } from './service';

/** Multipart parsing for the routes registered on `scope` only (JSON stays the default elsewhere). */
export async function enableMultipart(scope: FastifyInstance, maxBytes: number): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 4096, parts: 10 } });
}

export interface MultipartUpload extends IncomingFile {
  /** Text fields sent before the file part. */
  fields: Record<string, string>;
}

/**
 * The one file of a multipart request, read whole (at most `maxBytes`, else 413 with the size
 * message). A request without a file answers 400.
 */
export async function readSingleFile(
  req: FastifyRequest,
  tooLarge: string = MSG.fileTooLarge,
  needFile: string = MSG.importNeedFile,
): Promise<MultipartUpload> {
  if (!req.isMultipart()) throw badRequest(needFile);
  let part;
  try {
    part = await req.file();
  } catch (err) {
    throw mapMultipartError(err, tooLarge);
  }
  if (!part) throw badRequest(needFile);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    throw mapMultipartError(err, tooLarge);
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(part.fields)) {
    const field = Array.isArray(value) ? value[0] : value;
    if (field && field.type === 'field' && typeof field.value === 'string') fields[key] = field.value;
  }
  return { filename: part.filename, mime: part.mimetype, data, fields };
}

function mapMultipartError(err: unknown, tooLarge: string): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(Code.PAYLOAD_TOO_LARGE, tooLarge);
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest(MSG.uploadFailed);
  return err as Error;
}
