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

/**
 * The properties of a generated .docx (spread into docx's Document options): the producer, the
 * title, the visible AI-content sentence as its description, and the label as the AIGC custom
 * property. Every DOCX writer uses it, so the documents carry the label alike.
 */
export function aigcDocxProperties(title: string, contentId: string, description: string) {
  return { creator: AI_PRODUCER, title, description, customProperties: [{ name: 'AIGC', value: JSON.stringify(aigcLabel(contentId)) }] };
}
