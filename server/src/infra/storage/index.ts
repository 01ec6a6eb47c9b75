import type { Config } from '../../config';
import { createDiskStore } from './disk';
import { createS3Store } from './s3';
import type { FileStore } from './types';

export type { ByteRange, FileStore, ObjectStat, StoredObject } from './types';
export { assertKey, StorageKeyError } from './types';
export { createDiskStore, createS3Store };

/** The bucket when FILES_S3_BUCKET names one, else local disk under DATA_DIR/files. */
export function createFileStore(config: Pick<Config, 'files'>): FileStore {
  return config.files.s3 ? createS3Store(config.files.s3) : createDiskStore(config.files.dir);
}
