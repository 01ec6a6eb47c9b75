import { randomBytes } from 'node:crypto';
import type { FileStore } from '../storage/types';
import type { PublishSample } from './types';

/** How long a published clone sample can be downloaded (the vendor fetches it during the enrollment call). */
export const SAMPLE_URL_TTL_SECONDS = 600;

/**
 * Clone samples published through the file store: put under a temporary key, presigned for 10 minutes, deleted by
 * `release` (the cloner calls it in a finally, success or not). Only a store that presigns (S3) can publish; on local
 * disk there is no URL a vendor could reach, so this answers undefined and a URL-taking vendor offers no cloning.
 * The bucket must be reachable from the vendor (a public endpoint, not a private MinIO).
 */
export function storagePublisher(storage: FileStore | undefined): PublishSample | undefined {
  const signedUrl = storage?.signedUrl?.bind(storage);
  if (!storage || !signedUrl) return undefined;
  return async (bytes, fileName) => {
    const ext = /\.(mp3|wav|m4a)$/i.exec(fileName)?.[1]?.toLowerCase() ?? 'wav';
    const key = `voice-samples/tmp/${randomBytes(12).toString('hex')}.${ext}`;
    const contentType = ext === 'mp3' ? 'audio/mpeg' : ext === 'm4a' ? 'audio/mp4' : 'audio/wav';
    await storage.put(key, bytes, { contentType });
    try {
      const url = await signedUrl(key, SAMPLE_URL_TTL_SECONDS, { contentType });
      return { url, release: () => storage.delete(key) };
    } catch (err) {
      await storage.delete(key).catch(() => {});
      throw err;
    }
  };
}
