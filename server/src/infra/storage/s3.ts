import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import {
  assertKey,
  cleanContentType,
  type ByteRange,
  type FileStore,
  type PutOptions,
  type S3Settings,
  type SignedUrlOptions,
  type StoredObject,
} from './types';

/**
 * Multipart upload part size for streamed bodies (S3's minimum part is 5 MiB). A Buffer, or a stream
 * shorter than one part, goes up in one PutObject; a longer stream in parts of this size, so a
 * large result is never held whole in memory.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

export function createS3Store(settings: S3Settings): FileStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: most S3-compatible services (and older MinIO, OSS, COS)
    // refuse the SDK's newer default CRC32 trailers and aws-chunked bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function putStream(Key: string, body: Readable, ContentType: string): Promise<number> {
    const iterator = chunksOf(body, S3_PART_BYTES);
    const first = await iterator.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    const second = first.done ? first : await iterator.next();
    if (second.done) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: firstPart, ContentType, ContentLength: firstPart.length }));
      return firstPart.length;
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
    const parts: { ETag?: string; PartNumber: number }[] = [];
    let bytes = 0;
    try {
      const upload = async (part: Buffer) => {
        const PartNumber = parts.length + 1;
        const res = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: part, ContentLength: part.length }));
        parts.push({ ETag: res.ETag, PartNumber });
        bytes += part.length;
      };
      await upload(firstPart);
      await upload(second.value);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) await upload(next.value);
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
      return bytes;
    } catch (err) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      throw err;
    }
  }

  return {
    kind: 's3',

    async put(key: string, body: Buffer | Readable, opts: PutOptions) {
      assertKey(key);
      const ContentType = cleanContentType(opts.contentType);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType, ContentLength: body.length }));
        return { bytes: body.length };
      }
      return { bytes: await putStream(key, body, ContentType) };
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      assertKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const body = res.Body as Readable | undefined;
        const contentType = cleanContentType(res.ContentType ?? '');
        const served = range ? servedRange(res.ContentRange) : undefined;
        const total = served ? totalOf(res.ContentRange) : (res.ContentLength ?? 0);
        return { body: body ?? Readable.from([]), bytes: total, contentType, ...(served ? { range: served } : {}) };
      } catch (err) {
        if (isMissing(err)) return null;
        // A range past the end: answer an empty range like the disk store does.
        if (range && err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
          const s = await this.stat(key);
          return s ? { ...s, body: Readable.from([]), range: { start: range.start, end: s.bytes - 1 } } : null;
        }
        throw err;
      }
    },

    async stat(key: string) {
      assertKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { bytes: res.ContentLength ?? 0, contentType: cleanContentType(res.ContentType ?? '') };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key: string) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async signedUrl(key: string, ttlSeconds: number, opts: SignedUrlOptions = {}) {
      assertKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: opts.contentDisposition,
        ResponseContentType: opts.contentType,
      });
      return getSignedUrl(client, command, { expiresIn: ttlSeconds });
    },
  };
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
}

/** `bytes 0-9/100` -> {start: 0, end: 9}. */
function servedRange(header: string | undefined): ByteRange | undefined {
  const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header ?? '');
  return m ? { start: Number(m[1]), end: Number(m[2]) } : undefined;
}

function totalOf(header: string | undefined): number {
  const m = /\/(\d+)$/.exec(header ?? '');
  return m ? Number(m[1]) : 0;
}

/** The stream regrouped into Buffers of exactly `size` bytes (the last one shorter). */
async function* chunksOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    let buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    while (length + buf.length >= size) {
      const take = size - length;
      pending.push(buf.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      length = 0;
      buf = buf.subarray(take);
    }
    if (buf.length > 0) {
      pending.push(buf);
      length += buf.length;
    }
  }
  if (length > 0) yield Buffer.concat(pending);
}
