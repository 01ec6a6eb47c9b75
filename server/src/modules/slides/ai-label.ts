import JSZip from 'jszip';
import { setAigcProperty } from '../../tools/tasks/translate-office';

/**
 * The implicit AI-content label of a built deck (China's labelling rules; docs/product/creation.md): the custom
 * property AIGC in docProps/custom.xml, the same one the translated Office files carry, with the task as its
 * content id. The visible label is drawn on each slide by the builder.
 */
export async function labelPptx(bytes: Buffer, contentId: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  await setAigcProperty(zip, contentId);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
