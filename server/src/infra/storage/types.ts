import type { Readable } from 'node:stream';

/**
 * The file store: bytes by key, on local disk or in an S3-compatible bucket. Rows of the database
 * keep keys, never URLs, so a deployment can move between the two (or between buckets) without
 * rewriting data, and every read goes through our own authorised route (or a short-lived signed URL).
 */
export interface FileStore {
  /** 'disk' | 's3', for logs and for routes deciding whether signed URLs exist. */
  readonly kind: 'disk' | 's3';
  /** Write the whole object; a reader never sees a half-written one. Answers the bytes written. */
  put(key: string, body: Buffer | Readable, opts: PutOptions): Promise<{ bytes: number }>;
  /** The object's bytes as a stream (a byte range when asked), or null when there is no such key. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size and type without the bytes, or null when there is no such key. */
  stat(key: string): Promise<ObjectStat | null>;
  /** Remove the object; removing a missing key is not an error (sweeps may meet). */
  delete(key: string): Promise<void>;
  /** A URL that reads the object for `ttlSeconds` without our server (S3 only). */
  signedUrl?(key: string, ttlSeconds: number, opts?: SignedUrlOptions): Promise<string>;
}

export interface PutOptions {
  contentType: string;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStat {
  bytes: number;
  contentType: string;
}

export interface StoredObject extends ObjectStat {
  body: Readable;
  /** The range served, when one was asked. */
  range?: ByteRange;
}

export interface SignedUrlOptions {
  /** Content-Disposition the bucket answers with (a download under the file's own name). */
  contentDisposition?: string;
  contentType?: string;
}

/** A key that could leave the store's namespace (absolute, `..`, odd characters). A programming error, never user input. */
export class StorageKeyError extends Error {}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Keys are made by our code (purpose/yyyy-mm/random id), never from a user's file name: slash-separated
 * segments of letters, digits, `.`, `_`, `-`, none starting with a dot, so no key maps outside the
 * disk root or to a hidden file, and every key is valid on S3 unchanged.
 */
export function assertKey(key: string): void {
  if (key.length === 0 || key.length > 512) throw new StorageKeyError(`bad storage key length: ${key.length}`);
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new StorageKeyError(`bad storage key: ${JSON.stringify(key)}`);
  }
}

/** Content types are stored as given but bounded, so a header can never be abused. */
export function cleanContentType(type: string): string {
  const t = type.trim().toLowerCase();
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+(;\s*charset=[a-z0-9_-]+)?$/.test(t) && t.length <= 128 ? t : 'application/octet-stream';
}

/** Settings of an S3-compatible bucket (AWS S3, Aliyun OSS, Tencent COS, MinIO, Cloudflare R2). */
export interface S3Settings {
  /** Endpoint URL; unset = AWS's own for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (MinIO, most self-hosted servers) instead of the host name. */
  forcePathStyle: boolean;
}
