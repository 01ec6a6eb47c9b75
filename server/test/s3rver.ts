import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/infra/storage/types';

/**
 * A local S3-compatible server (s3rver) on a free port in a temp folder, with one bucket, for the
 * S3 adapter's tests: the real AWS client signs and sends real requests to it.
 *
 *   const s3 = await startS3rver();   // s3.settings -> createS3Store(s3.settings)
 *   await s3.close();
 */
export interface LocalS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'wanxiang-files'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'wx-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's fixed credentials: it checks the signature made with them.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
