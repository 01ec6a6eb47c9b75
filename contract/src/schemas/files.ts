import { z } from 'zod';

/**
 * The file store's API (docs/api.md "Files"): uploads for task tools and every stored result,
 * read only by their owner through GET /api/v1/files/{id}.
 */

/** What one stored file looks like to its owner; `url` is our own route, never a storage address. */
export interface StoredFile {
  id: string;
  name: string;
  bytes: number;
  contentType: string;
  url: string;
  width?: number;
  height?: number;
}

/** A family of accepted uploads: its extensions, the type each is stored under, and its size cap. */
export interface FileUploadFamily {
  /** Chinese name used in messages (图片, 文档...). */
  label: string;
  maxBytes: number;
  /** extension (lower case, no dot) -> content type stored and served. */
  types: Readonly<Record<string, string>>;
}

const MB = 1024 * 1024;

/** The allow-list of POST /api/v1/files/upload: anything else is refused by its extension. */
export const FILE_UPLOAD_FAMILIES = {
  image: {
    label: '图片',
    maxBytes: 10 * MB,
    types: { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' },
  },
  document: {
    label: '文档',
    maxBytes: 20 * MB,
    types: {
      pdf: 'application/pdf',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      txt: 'text/plain; charset=utf-8',
      md: 'text/markdown; charset=utf-8',
      csv: 'text/csv; charset=utf-8',
    },
  },
  // Audio and video are checked by what ffprobe reads in their bytes (server files/upload.ts); a
  // browser recording is WebM (Chromium) or MP4 (Safari), stored as video/webm when it has pictures.
  audio: {
    label: '音频',
    maxBytes: 20 * MB,
    types: { mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', aac: 'audio/aac', flac: 'audio/flac', ogg: 'audio/ogg', opus: 'audio/ogg', webm: 'audio/webm' },
  },
  video: {
    label: '视频',
    maxBytes: 100 * MB,
    types: { mp4: 'video/mp4', mov: 'video/quicktime', mkv: 'video/x-matroska' },
  },
} as const satisfies Record<string, FileUploadFamily>;

export type FileUploadFamilyId = keyof typeof FILE_UPLOAD_FAMILIES;

/** The largest upload of any family: the multipart limit of the upload route. */
export const FILE_UPLOAD_MAX_BYTES = Math.max(...Object.values(FILE_UPLOAD_FAMILIES).map((f) => f.maxBytes));

/** Every accepted extension, in the order of the families (for the refusal message and `accept`). */
export const FILE_UPLOAD_EXTENSIONS: readonly string[] = Object.values(FILE_UPLOAD_FAMILIES).flatMap((f) => Object.keys(f.types));

/** The family and stored type of a file name's extension, or null when it is not accepted. */
export function uploadFamilyOf(ext: string): { family: FileUploadFamilyId; contentType: string } | null {
  for (const [family, spec] of Object.entries(FILE_UPLOAD_FAMILIES) as [FileUploadFamilyId, FileUploadFamily][]) {
    const contentType = spec.types[ext];
    if (contentType) return { family, contentType };
  }
  return null;
}

/** Path parameter of the per-file calls (an id that is not one of ours simply is not found). */
export const FileIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type FileIdParams = z.infer<typeof FileIdParamsSchema>;

/** GET /api/v1/files/{id}?download=1: as an attachment under the file's name. */
export const FileReadQuerySchema = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });
export type FileReadQuery = z.infer<typeof FileReadQuerySchema>;
