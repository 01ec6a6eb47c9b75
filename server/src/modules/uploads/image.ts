import sharp from 'sharp';

/**
 * An uploaded image is decoded before it is kept: its bytes go to a vision model as a data URL,
 * so they must be a whole PNG or JPEG, whatever the name or the first bytes say. libvips (sharp)
 * reads the header, refuses more pixels than a phone camera makes before decoding any, then
 * decodes the whole image into a thumbnail (a corrupt or cut file fails there) in little memory.
 */

/** 100 megapixels: above any phone photo (about 50), below what would take seconds to decode. */
export const IMAGE_MAX_PIXELS = 100_000_000;

export type ImageMime = 'image/png' | 'image/jpeg';

/** The real type of a decodable PNG or JPEG, or null for anything else (corrupt, truncated, too many pixels, another format). */
export async function decodeImage(data: Buffer): Promise<ImageMime | null> {
  // failOn 'truncated': a cut file fails, a harmless encoder warning (extra bytes before a marker) does not.
  const image = () => sharp(data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'truncated', sequentialRead: true });
  try {
    const { format } = await image().metadata();
    if (format !== 'png' && format !== 'jpeg') return null;
    await image().resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    return format === 'png' ? 'image/png' : 'image/jpeg';
  } catch {
    return null;
  }
}
