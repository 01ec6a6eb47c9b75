import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, real, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The document library (server/src/modules/doc-library): a user's documents and their chunks for
 * retrieval. A document's bytes live in the file store (`file_id`); its text is cut into chunks that
 * keep where they came from (a PDF page, a DOCX heading, a PPTX slide, an XLSX sheet, an EPUB
 * chapter). Full-text search runs on `tokens` (the chunk's words as Intl.Segmenter cut them,
 * space-separated, so the 'simple' configuration indexes Chinese words with no extension);
 * `embedding` keeps the vendor's vector as real[] (portable), compared with pgvector where the
 * database has it and in the server otherwise.
 */
export const docFiles = pgTable(
  'doc_files',
  {
    /** Random public id (32 hex characters). */
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** pdf | docx | pptx | xlsx | epub | txt | md */
    ext: varchar('ext', { length: 8 }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** The bytes in the file store. */
    fileId: varchar('file_id', { length: 32 }).notNull(),
    /** indexing | ready | failed */
    status: varchar('status', { length: 16 }).notNull().default('indexing'),
    /** The indexing task (its progress: GET /api/v1/tasks/{id}). */
    taskId: varchar('task_id', { length: 64 }),
    /** Chinese reason when indexing failed. */
    error: text('error'),
    sections: integer('sections').notNull().default(0),
    chunks: integer('chunks').notNull().default(0),
    chars: integer('chars').notNull().default(0),
    /** The embedding model the chunks were embedded with ('' = full text only). */
    embeddingModel: varchar('embedding_model', { length: 128 }).notNull().default(''),
    /** Summary and outline generated on first open, then served from here: {summary, outline[], demo}. */
    overview: jsonb('overview'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('doc_files_user_idx').on(t.userId, t.createdAt)],
);

export const docChunks = pgTable(
  'doc_chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    docId: varchar('doc_id', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Order in the document. */
    seq: integer('seq').notNull(),
    /** 1-based page of a PDF (or slide of a PPTX); null where the format has no pages. */
    page: integer('page'),
    /** Heading, slide, sheet or chapter title the chunk sits under ('' = none). */
    section: text('section').notNull().default(''),
    content: text('content').notNull(),
    /** Segmented words of content (lower case, space-separated) for to_tsvector('simple', ...). */
    tokens: text('tokens').notNull(),
    embedding: real('embedding').array(),
  },
  (t) => [
    index('doc_chunks_doc_idx').on(t.docId, t.seq),
    index('doc_chunks_fts_idx').using('gin', sql`to_tsvector('simple', ${t.tokens})`),
  ],
);
