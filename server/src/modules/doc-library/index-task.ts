import { DOC_LIBRARY_MSG, MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { TaskFailure, type TaskHandler, type TaskPrice } from '../../jobs';
import { readFileBytes } from '../files/service';
import { DocumentReadError, readDocumentSections } from '../uploads/parse';
import { chunkSections } from './chunk';
import { EMBED_BATCH, embedderFor } from './embeddings';
import { tokensOf } from './segment';
import { deleteChunks, insertChunks, selectChunkTexts, selectOwnDoc, setChunkEmbeddings, updateDoc } from './store';

/**
 * Indexing a library document as a task of the task engine (kind `doc:index`), so a 300-page PDF
 * never holds a request: read its parts in a parsing thread (the same worker, guards and fair
 * queue as chat attachments, with a longer deadline), cut them into passages, store each with its
 * segmented words (full text), then embed them in batches when an embedding model is configured.
 * Progress: reading 5%, passages stored up to 60% (90% without embeddings), embeddings to 99%.
 * A failure marks the document failed with a Chinese reason; indexing is free (no quota held).
 */

export const DOC_INDEX_KIND = 'doc:index';
export const DOC_INDEX_PRICE: TaskPrice = { quotaKey: '' };
export const DOC_INDEX_TIMEOUT_MS = 20 * 60_000;
/** A big book is read in one parsing thread: more time and heap than a chat attachment gets. */
const PARSE_TIMEOUT_MS = 180_000;
const PARSE_HEAP_MB = 1024;
const INSERT_BATCH = 200;

export type DocIndexContext = Pick<AppContext, 'database' | 'storage' | 'config'>;

export function docIndexHandler(ctx: DocIndexContext): TaskHandler {
  return {
    name: DOC_INDEX_KIND,
    timeoutMs: DOC_INDEX_TIMEOUT_MS,
    maxAttempts: 2,
    async run(task, tools) {
      const docId = String(task.inputs.doc_id ?? '');
      const doc = await selectOwnDoc(ctx.database.db, task.userId, docId);
      // Deleted before its turn came: nothing to index.
      if (!doc) return { files: [] };
      try {
        await tools.progress(5, DOC_LIBRARY_MSG.stageReading);
        const { data } = await readFileBytes(ctx, task.userId, doc.fileId);
        const sections = await readSections(ctx, doc.ext, data, task.userId);
        const chunks = chunkSections(sections);
        // A second claim after a lost worker starts the passages over.
        await deleteChunks(ctx.database.db, task.userId, doc.id);
        const embedder = embedderFor(ctx.config);
        const textEnd = embedder ? 60 : 90;
        for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
          if (tools.signal.aborted) throw new TaskFailure(DOC_LIBRARY_MSG.indexFailed);
          const batch = chunks.slice(i, i + INSERT_BATCH).map((c) => ({ ...c, tokens: tokensOf(`${c.section}\n${c.content}`) }));
          await insertChunks(ctx.database.db, task.userId, doc.id, batch);
          const done = Math.min(chunks.length, i + INSERT_BATCH);
          await tools.progress(5 + Math.round(((textEnd - 5) * done) / chunks.length), DOC_LIBRARY_MSG.stageIndexing(done, chunks.length));
        }
        let model = '';
        if (embedder) {
          // Embeddings are an improvement, not a condition: a vendor failure leaves full-text retrieval.
          model = await embedAll(ctx, task.userId, doc.id, chunks.length, embedder, tools).catch(() => '');
        }
        // Deleted while it was being indexed: its passages go with it.
        if (!(await selectOwnDoc(ctx.database.db, task.userId, doc.id))) {
          await deleteChunks(ctx.database.db, task.userId, doc.id);
          return { files: [] };
        }
        const chars = sections.reduce((n, s) => n + s.text.length, 0);
        await updateDoc(ctx.database.db, task.userId, doc.id, {
          status: 'ready',
          sections: sections.length,
          chunks: chunks.length,
          chars,
          embeddingModel: model,
          error: null,
        });
        await tools.progress(100, DOC_LIBRARY_MSG.stageDone);
        return { files: [] };
      } catch (err) {
        const reason = err instanceof TaskFailure ? err.message : DOC_LIBRARY_MSG.indexFailed;
        await updateDoc(ctx.database.db, task.userId, doc.id, { status: 'failed', error: reason });
        throw new TaskFailure(reason);
      }
    },
  };
}

async function readSections(ctx: DocIndexContext, ext: string, data: Buffer, userId: number) {
  try {
    return await readDocumentSections(ext, data, {
      owner: `user:${userId}`,
      limits: ctx.config.uploads.parse,
      timeoutMs: PARSE_TIMEOUT_MS,
      maxHeapMb: PARSE_HEAP_MB,
    });
  } catch (err) {
    if (!(err instanceof DocumentReadError)) throw err;
    throw new TaskFailure(docReadMessage(err));
  }
}

/** The Chinese reason for a document the parsers refused. */
export function docReadMessage(err: DocumentReadError): string {
  switch (err.reason) {
    case 'too-large':
      return DOC_LIBRARY_MSG.bomb;
    case 'timeout':
      return DOC_LIBRARY_MSG.parseTimeout;
    case 'busy':
    case 'owner-busy':
      return MSG.fileParseServerBusy;
    case 'empty':
    case 'legacy':
    case 'unreadable':
      return DOC_LIBRARY_MSG.unreadable;
  }
}

async function embedAll(
  ctx: DocIndexContext,
  userId: number,
  docId: string,
  total: number,
  embedder: NonNullable<ReturnType<typeof embedderFor>>,
  tools: { signal: AbortSignal; progress(pct: number, stage?: string): Promise<void> },
): Promise<string> {
  let from = 0;
  while (from < total) {
    const rows = await selectChunkTexts(ctx.database.db, userId, docId, from, EMBED_BATCH * 4);
    if (rows.length === 0) break;
    const vectors = await embedder.embed(
      rows.map((r) => r.content),
      tools.signal,
    );
    await setChunkEmbeddings(
      ctx.database.db,
      userId,
      docId,
      rows.map((r) => r.seq),
      vectors,
    );
    from = rows[rows.length - 1]!.seq + 1;
    await tools.progress(
      60 + Math.round((39 * Math.min(from, total)) / total),
      DOC_LIBRARY_MSG.stageEmbedding(Math.min(from, total), total),
    );
  }
  return embedder.model;
}
