import { join } from 'node:path';
import type { Config } from '../config';
import { type FileStorage, LocalFileStorage } from './file-storage';

/** The local directory under DATA_DIR (default `${DATA_DIR}/files`). */
export function localStorageFromConfig(config: Config): LocalFileStorage {
  return new LocalFileStorage(join(config.DATA_DIR, 'files'));
}

/**
 * FILE_STORAGE: `local` (the default) or `s3`. The S3 driver is imported only when chosen: the AWS SDK costs a few
 * hundred milliseconds of start-up that a single-machine install does not need.
 */
export async function storageFromConfig(config: Config): Promise<FileStorage> {
  if (config.FILE_STORAGE !== 's3') return localStorageFromConfig(config);
  const { s3StorageFromConfig } = await import('./s3-file-storage');
  return s3StorageFromConfig(config);
}
