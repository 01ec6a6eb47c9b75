import { DOC_SOURCE_DIRECT_CHARS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import { condenseSource } from './condense';
import { sourceText } from './service';

/**
 * An upload as the source of a mind map or an outline (docs/product/mindmap-and-slides.md §11): read and owner-checked
 * now (before any count is held or a stream starts), condensed lazily inside the stream, where heartbeats keep
 * the connection while the chunk summaries run.
 */
export interface DocumentSource {
  /** The file's name without its extension: the title when the text has no `# ` title of its own. */
  title?: string;
  name: string;
  /** The text within DOC_SOURCE_DIRECT_CHARS, condensed when longer. */
  content: (signal: AbortSignal) => Promise<string>;
}

export async function documentSource(
  ctx: Pick<AppContext, 'database' | 'storage' | 'llm' | 'kv'>,
  userId: number,
  fileId: string,
  model: CatalogModel,
): Promise<DocumentSource> {
  const src = await sourceText(ctx, userId, fileId);
  const hasTitle = /^# \S/m.test(src.text);
  return {
    name: src.name,
    title: hasTitle ? undefined : baseName(src.name),
    content: (signal) => condenseSource(ctx, { model, text: src.text, budget: DOC_SOURCE_DIRECT_CHARS, signal, cacheKey: `${userId}:${fileId}` }),
  };
}

/** 'report.final.docx' -> 'report.final' (at most 60 characters). */
export function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).slice(0, 60);
}
