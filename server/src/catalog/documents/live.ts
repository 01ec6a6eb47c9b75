import type { CatalogDocumentName } from '@wanxiang/contract';
import type { CatalogDocuments } from './hub';

/**
 * Reads a document's content for a build: the saved one, else the file. `saved` answers the saved content alone
 * (undefined while the file is in force), for a value that keeps its own file source (promos re-reads its file).
 */
export type DocumentReader = ((name: CatalogDocumentName) => unknown) & { saved(name: CatalogDocumentName): unknown };

/** A reader over any source: the console checks a save with the candidate content in place of the saved one. */
export function documentReader(
  content: (name: CatalogDocumentName) => unknown,
  saved: (name: CatalogDocumentName) => unknown,
): DocumentReader {
  return Object.assign((name: CatalogDocumentName) => content(name), { saved });
}

function readerOf(docs: CatalogDocuments, filesOnly: boolean): DocumentReader {
  if (filesOnly)
    return documentReader(
      (name) => docs.file(name),
      () => undefined,
    );
  return documentReader(
    (name) => docs.content(name),
    (name) => docs.saved(name),
  );
}

/**
 * How one value is made from operator documents: the Catalog from models, groups and tiers; the shop from shop.json.
 * `build` is the check the file gets at boot (it throws naming the file, the entry and the field), so the console's
 * save runs the very same function on the content it is given.
 */
export interface LiveSpec<T> {
  documents: readonly CatalogDocumentName[];
  build(read: DocumentReader): T;
}

/**
 * A value built from documents and rebuilt when one of them is saved or reset (on this process or, through
 * CatalogDocuments' message and poll, on another). Consumers call `get()` per use instead of keeping what it answered.
 * A rebuild that fails keeps the value in force and logs: the console refuses bad content, so this is a document an
 * upgrade made invalid. At first build such a saved document falls back to the files, so the server still starts.
 */
export class LiveValue<T> {
  private value: T;
  private stamp: string;
  private gen: number;

  constructor(
    private readonly docs: CatalogDocuments,
    private readonly spec: LiveSpec<T>,
  ) {
    this.gen = docs.generation;
    this.stamp = docs.stamp(spec.documents);
    this.value = this.first();
    // Rebuild when a change lands, not at the next request: a bad document is logged when it arrives.
    docs.onChange(() => void this.get());
  }

  /** The stamp of the documents the value in force was built from. */
  get version(): string {
    return this.stamp;
  }

  get(): T {
    if (this.gen === this.docs.generation) return this.value;
    this.gen = this.docs.generation;
    const stamp = this.docs.stamp(this.spec.documents);
    if (stamp === this.stamp) return this.value;
    try {
      this.value = this.spec.build(readerOf(this.docs, false));
    } catch (err) {
      this.docs.log.error(
        { err, documents: this.spec.documents },
        'a saved catalog document does not pass its check; the previous one stays in force',
      );
    }
    // Either way this stamp is handled: a bad save is logged once, not per request.
    this.stamp = stamp;
    return this.value;
  }

  private first(): T {
    try {
      return this.spec.build(readerOf(this.docs, false));
    } catch (err) {
      if (!this.spec.documents.some((n) => this.docs.saved(n) !== undefined)) throw err;
      this.docs.log.error(
        { err, documents: this.spec.documents },
        'a saved catalog document does not pass its check; serving the files instead',
      );
      return this.spec.build(readerOf(this.docs, true));
    }
  }
}

/** What `liveValueOf` needs of the app context (structural, so this layer imports no context). */
export interface LiveValueHost {
  documents: CatalogDocuments;
  moduleStates: { get<V>(name: string, make: () => V): V };
}

/** The value of `spec` in force for this app: made on first use under `key` of the module states, then kept live. */
export function liveValueOf<T>(ctx: LiveValueHost, key: string, spec: LiveSpec<T>): T {
  return ctx.moduleStates.get(key, () => new LiveValue(ctx.documents, spec)).get();
}
