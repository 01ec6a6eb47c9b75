/**
 * The implicit AI-content label every generated file carries (China's labelling rules, in force
 * since 2025-09-01; docs/product/creation.md): the fields of the national standard's JSON, stored
 * under the key AIGC in the file's metadata (image XMP/EXIF, docx custom properties). One place,
 * so images, documents and every later result say the same thing.
 */
export const AI_PRODUCER = '万象 AI';

/** The label's fields for one piece of content (its id: the run or task id). */
export function aigcLabel(contentId: string): Record<string, string> {
  return { Label: '1', ContentProducer: AI_PRODUCER, ProduceID: contentId, ContentPropagator: AI_PRODUCER, PropagateID: contentId };
}
